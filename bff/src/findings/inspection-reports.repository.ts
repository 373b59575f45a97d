import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { col, type RowOf, rowMapper, type SqlType } from '@/database/row-mapper.js';
import { InspectionReportRequestEntity } from './inspection-report-request.entity.js';

const r = <T extends SqlType>(name: string, type: T) => col('inspection_report_requests', 'r', name, type);

/** An inspection report being made (or made) in the background. */
export const INSPECTION_REPORT_ROW = rowMapper('inspection report request', 'FROM inspection_report_requests r', {
  id: r('id', 'uuid'),
  turbineId: r('turbine_id', 'integer'),
  year: r('year', 'integer'),
  language: r('language', 'character varying').as<'tr' | 'en'>(),
  requestedBy: r('requested_by', 'integer').orNull(),
  status: r('status', 'character varying').as<'pending' | 'ready' | 'failed'>(),
  reportId: r('report_id', 'integer').orNull(),
  createdAt: r('created_at', 'timestamp with time zone'),
});
export type InspectionReportRow = RowOf<typeof INSPECTION_REPORT_ROW.columns>;

const SELECT = `SELECT ${INSPECTION_REPORT_ROW.select} ${INSPECTION_REPORT_ROW.from}`;

@Injectable()
export class InspectionReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(turbineId: number, id: string): Promise<InspectionReportRow | null> {
    return INSPECTION_REPORT_ROW.one(this.dataSource, `${SELECT} WHERE r.turbine_id = $1 AND r.id = $2`, [
      turbineId,
      id,
    ]);
  }

  async findById(id: string): Promise<InspectionReportRow | null> {
    return INSPECTION_REPORT_ROW.one(this.dataSource, `${SELECT} WHERE r.id = $1`, [id]);
  }

  /** The report of this turbine, year and language still being made, if any: asking twice makes it once. */
  async findPending(turbineId: number, year: number, language: 'tr' | 'en'): Promise<InspectionReportRow | null> {
    return INSPECTION_REPORT_ROW.one(
      this.dataSource,
      `${SELECT} WHERE r.turbine_id = $1 AND r.year = $2 AND r.language = $3 AND r.status = 'pending'
        ORDER BY r.created_at DESC LIMIT 1`,
      [turbineId, year, language],
    );
  }

  async insert(
    manager: EntityManager,
    row: Pick<InspectionReportRequestEntity, 'id' | 'turbineId' | 'year' | 'language' | 'requestedBy'>,
  ): Promise<void> {
    await manager.getRepository(InspectionReportRequestEntity).insert(row);
  }

  /** Marks a pending request done, in the transaction that stores its report; answers whether it was pending. */
  async finish(
    manager: EntityManager,
    id: string,
    outcome: { status: 'ready'; reportId: number } | { status: 'failed' },
  ): Promise<boolean> {
    const result = await manager
      .getRepository(InspectionReportRequestEntity)
      .createQueryBuilder()
      .update()
      .set({
        status: outcome.status,
        reportId: outcome.status === 'ready' ? outcome.reportId : null,
        finishedAt: () => 'now()',
      })
      .where(`id = :id AND status = 'pending'`, { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
