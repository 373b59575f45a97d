import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { scalar } from '@/database/row-mapper.js';

/** Which user got the daily repair mail on which day. */
@Injectable()
export class RepairDigestsRepository {
  /**
   * Records the day's mail of `userId` in the caller's transaction; answers false when it was recorded already
   * (by this process earlier, or by another one: the primary key decides, so exactly one of them sends it).
   */
  async claim(manager: EntityManager, userId: number, day: string): Promise<boolean> {
    const claimed = await scalar(
      manager,
      `INSERT INTO repair_digests (user_id, day) VALUES ($1, $2::date) ON CONFLICT DO NOTHING RETURNING true AS value`,
      [userId, day],
      'boolean',
    );
    return claimed === true;
  }
}
