import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { type ApiSuccess, type Report, reportListQuery } from '@kanat360/contracts';
import { type Language, type Translate } from '@kanat360/i18n';
import { type z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal, RequirePermission } from '@/auth/access.decorators.js';
import { IdPipe } from '@/common/id.pipe.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidQuery } from '@/common/zod-validation.js';
import { MultipartBody, type MultipartForm } from '@/uploads/multipart.js';
import { type UploadAnswer, uploadAnswer } from '@/uploads/skipped-files.js';
import { ReportsService } from './reports.service.js';

const MULTIPART_UPLOAD = {
  schema: {
    type: 'object',
    properties: {
      year: { type: 'string', description: 'Campaign year, sent before the files; the current year when missing' },
      reports: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: 'PDF files, at most 55 MB in all',
      },
    },
  },
};

/** Spec §7 Reports. Every route checks the turbine first: another company's answers like a missing one. */
@ApiTags('reports')
@Controller('turbines/:id/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @RequirePermission('report.read')
  async list(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @ValidQuery(reportListQuery) query: z.output<typeof reportListQuery>,
  ): Promise<ApiSuccess<Report[]>> {
    return { success: true, data: await this.reports.list(actor, turbineId, query) };
  }

  @Post()
  @RequirePermission('report.upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody(MULTIPART_UPLOAD)
  async upload(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @MultipartBody() form: MultipartForm,
    @CallerLanguage() language: Language,
  ): Promise<UploadAnswer<Report>> {
    return uploadAnswer(language, await this.reports.upload(actor, turbineId, form, language), 'api.reportsUploaded');
  }

  @Delete(':reportId')
  @HttpCode(200)
  @RequirePermission('report.delete')
  async delete(
    @CurrentPrincipal() actor: Principal,
    @Param('id', new IdPipe('TURBINE_NOT_FOUND')) turbineId: number,
    @Param('reportId', new IdPipe('REPORT_NOT_FOUND')) reportId: number,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.reports.delete(actor, turbineId, reportId);
    return { success: true, data: null, message: t('api.reportDeleted') };
  }
}
