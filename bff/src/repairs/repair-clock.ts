import { Injectable } from '@nestjs/common';
import { repairDay } from '@kanat360/contracts';

/**
 * The repairs' sense of time: today's Turkish calendar day (what overdue, due soon and the daily mail count from).
 * One provider, so a test can move the day without touching the system clock.
 */
@Injectable()
export class RepairClock {
  now(): Date {
    return new Date();
  }

  today(): string {
    return repairDay(this.now());
  }
}
