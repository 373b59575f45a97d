import { Controller } from '@nestjs/common';
import {
  doneAnswer,
  report,
  reportListQuery,
  reportPath,
  reportUploadForm,
  successOf,
  turbinePath,
  uploadAnswerOf,
} from '@kanat360/contracts';
import { type Language, type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { CallerLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidParams, ValidQuery } from '@/openapi/route.js';
import { MultipartBody, type MultipartForm } from '@/uploads/multipart.js';
import { UPLOAD_REFUSALS, uploadAnswer } from '@/uploads/skipped-files.js';
import { ReportsService } from './reports.service.js';

const EXAMPLE_REPORT = {
  id: 88,
  turbine_id: 12,
  year: 2025,
  original_filename: 'Muayene raporu ALG-07 2025.pdf',
  display_name: 'Muayene raporu ALG-07 2025.pdf',
  file_size_bytes: 6_734_112,
  uploaded_at: '2025-06-12T10:09:48.000Z',
  first_name: 'Zeynep',
  last_name: 'Arslan',
  report_url: '/api/files/reports/88/1749729600/p3Vq0sXk7LmN2bRt9YwZcA',
} as const;

/** Spec §7 Reports. Every route checks the turbine first: another company's answers like a missing one. */
@RouteGroup('reports')
@Controller('turbines/:id/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Route('GET', '', {
    summary: "A turbine's reports, of one campaign year or of all",
    access: 'report.read',
    params: turbinePath,
    query: reportListQuery,
    answers: { 200: successOf(z.array(report)) },
    example: {
      answer: {
        success: true,
        data: [
          EXAMPLE_REPORT,
          {
            ...EXAMPLE_REPORT,
            id: 61,
            year: 2024,
            original_filename: '1727704931-2-ALG-07_2024_Yillik_Bakim_Raporu.pdf',
            display_name: 'ALG-07_2024_Yillik_Bakim_Raporu.pdf',
            file_size_bytes: 9_412_870,
            uploaded_at: '2024-09-30T14:02:11.000Z',
            first_name: 'Emre',
            last_name: 'Kaya',
            report_url: '/api/files/reports/61/1749729600/Hq8dW2nTzY5kVb0cR7sLgA',
          },
        ],
      },
    },
  })
  async list(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @ValidQuery() query: z.output<typeof reportListQuery>,
  ) {
    return { success: true as const, data: await this.reports.list(actor, id, query) };
  }

  @Route('POST', '', {
    summary: 'Uploads PDF reports (multipart, the year before the files)',
    description: 'Files that cannot be taken are skipped, each with its reason; when none is taken the call fails.',
    access: 'report.upload',
    params: turbinePath,
    form: reportUploadForm,
    answers: { 201: uploadAnswerOf(report) },
    errors: [...UPLOAD_REFUSALS, 'REPORT_NAME_INVALID', 'REPORT_NOT_PDF'],
  })
  async upload(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof turbinePath>,
    @MultipartBody() form: MultipartForm,
    @CallerLanguage() language: Language,
  ) {
    return uploadAnswer(language, await this.reports.upload(actor, id, form, language), 'api.reportsUploaded');
  }

  @Route('DELETE', ':reportId', {
    summary: 'Deletes a report',
    access: 'report.delete',
    params: reportPath,
    answers: { 200: doneAnswer },
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id, reportId }: z.output<typeof reportPath>,
    @RequestTranslator() t: Translate,
  ) {
    await this.reports.delete(actor, id, reportId);
    return { success: true as const, data: null, message: t('api.reportDeleted') };
  }
}
