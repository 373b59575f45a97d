import { Injectable } from '@nestjs/common';
import { repairDay } from '@kanat360/contracts';
import { Clock } from '@/common/clock.js';

/**
 * The repairs' sense of time: today's Turkish calendar day (what overdue, due soon and the daily mail count from).
 * It reads the app's Clock, so a test that moves the app's time moves the repairs' day too.
 */
@Injectable()
export class RepairClock {
  constructor(private readonly clock: Clock) {}

  now(): Date {
    return this.clock.now();
  }

  today(): string {
    return repairDay(this.now());
  }
}
