import { type PipeTransform } from '@nestjs/common';
import { type ErrorCode } from '@kanat360/contracts';
import { AppError } from './app-error.js';

/** A path id: a positive integer, or the resource simply does not exist (the same answer as a missing id). */
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFound: ErrorCode) {}

  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value)) throw new AppError(this.notFound);
    const id = Number(value);
    if (id < 1 || id > 2_147_483_647) throw new AppError(this.notFound);
    return id;
  }
}
