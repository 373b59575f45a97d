import { Injectable } from '@nestjs/common';

/** The app's sense of time, one provider: a test moves it without waiting or touching the system clock. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
