import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { col, type RowOf, rowMapper, type SqlType } from '@/database/row-mapper.js';
import { isActiveUser } from '@/users/users.sql.js';

const k = <T extends SqlType>(name: string, type: T) => col('repair_calendar_tokens', 'k', name, type);

const CALENDAR_TOKEN_ROW = rowMapper('repair calendar token', 'FROM repair_calendar_tokens k', {
  userId: k('user_id', 'integer'),
  salt: k('salt', 'character'),
  createdAt: k('created_at', 'timestamp with time zone'),
});
export type CalendarTokenRow = RowOf<typeof CALENDAR_TOKEN_ROW.columns>;

/** The users' calendar feed tokens: a salt each (the token is made from it) and the token's hash to find it by. */
@Injectable()
export class RepairCalendarTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: number): Promise<CalendarTokenRow | null> {
    return CALENDAR_TOKEN_ROW.one(
      this.dataSource,
      `SELECT ${CALENDAR_TOKEN_ROW.select} ${CALENDAR_TOKEN_ROW.from} WHERE k.user_id = $1`,
      [userId],
    );
  }

  /** The active user whose token hashes to `tokenHash`; null for any other hash. */
  async findByHash(tokenHash: string): Promise<CalendarTokenRow | null> {
    return CALENDAR_TOKEN_ROW.one(
      this.dataSource,
      `SELECT ${CALENDAR_TOKEN_ROW.select} ${CALENDAR_TOKEN_ROW.from}
        WHERE k.token_hash = $1 AND ${isActiveUser('k.user_id')}`,
      [tokenHash],
    );
  }

  /**
   * The user's token: the one they have, or this new one when they have none (`replace`: this new one whatever
   * they had, so the old address stops working). Answers the row that holds.
   */
  async put(
    userId: number,
    salt: string,
    tokenHash: string,
    { replace }: { replace: boolean },
  ): Promise<CalendarTokenRow> {
    const row = await CALENDAR_TOKEN_ROW.one(
      this.dataSource,
      `INSERT INTO repair_calendar_tokens AS k (user_id, salt, token_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO ${
         replace ? 'UPDATE SET salt = EXCLUDED.salt, token_hash = EXCLUDED.token_hash, created_at = now()' : 'NOTHING'
       }
       RETURNING ${CALENDAR_TOKEN_ROW.select}`,
      [userId, salt, tokenHash],
    );
    // DO NOTHING returns no row: another request made the user's token first.
    return row ?? (await this.find(userId))!;
  }
}
