import { Controller } from '@nestjs/common';
import { company, companyBody, type CompanyBody, companyPath, doneAnswer, successOf } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody, ValidParams } from '@/openapi/route.js';
import { CompaniesService } from './companies.service.js';

const EXAMPLE_COMPANY = {
  id: 1000,
  name: 'Anadolu Rüzgar Enerji A.Ş.',
  contact_email: 'bakim@anadolu-ruzgar.com.tr',
  authorized_number: 'Emre Kaya',
  phone: '+90 232 616 40 00',
  address: 'Kazım Dirik Mah. Sanayi Cad. No: 14, 35800 Aliağa / İzmir',
  user_count: 14,
  turbine_count: 38,
  created_at: '2024-10-21T06:30:00.000Z',
  updated_at: '2025-04-08T12:14:52.000Z',
} as const;

const EXAMPLE_NEW_COMPANY_BODY = {
  name: 'Ege Kanat Hizmetleri Ltd. Şti.',
  contact_email: 'info@egekanat.com.tr',
  authorized_number: 'Selin Öztürk',
  phone: '+90 236 612 18 90',
  address: 'Soma OSB 3. Cad. No: 7, 45500 Soma / Manisa',
} as const;

const EXAMPLE_NEW_COMPANY = {
  id: 1007,
  ...EXAMPLE_NEW_COMPANY_BODY,
  user_count: 0,
  turbine_count: 0,
  created_at: '2025-06-12T08:00:00.000Z',
  updated_at: '2025-06-12T08:00:00.000Z',
} as const;

@RouteGroup('companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Route('GET', '', {
    summary: 'The partner companies, with how many users and turbines each has',
    access: 'company.read',
    answers: { 200: successOf(z.array(company)) },
    example: { answer: { success: true, data: [EXAMPLE_COMPANY, EXAMPLE_NEW_COMPANY] } },
  })
  async list() {
    return { success: true as const, data: await this.companies.list() };
  }

  @Route('POST', '', {
    summary: 'Adds a partner company',
    access: 'company.create',
    body: companyBody,
    answers: { 201: successOf(company) },
    errors: ['COMPANY_NAME_TAKEN'],
    example: {
      body: EXAMPLE_NEW_COMPANY_BODY,
      answer: { success: true, data: EXAMPLE_NEW_COMPANY, message: 'Şirket başarıyla eklendi' },
    },
  })
  async create(@ValidBody() body: CompanyBody, @RequestTranslator() t: Translate) {
    return { success: true as const, data: await this.companies.create(body), message: t('api.companyCreated') };
  }

  @Route('PUT', ':id', {
    summary: 'Changes a partner company',
    access: 'company.update',
    params: companyPath,
    body: companyBody,
    answers: { 200: successOf(company) },
    errors: ['COMPANY_NAME_TAKEN'],
    example: {
      body: { ...EXAMPLE_NEW_COMPANY_BODY, phone: '+90 236 612 18 91' },
      answer: {
        success: true,
        data: { ...EXAMPLE_NEW_COMPANY, phone: '+90 236 612 18 91', updated_at: '2025-06-13T07:22:05.000Z' },
        message: 'Şirket başarıyla güncellendi',
      },
    },
  })
  async update(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof companyPath>,
    @ValidBody() body: CompanyBody,
    @RequestTranslator() t: Translate,
  ) {
    return {
      success: true as const,
      data: await this.companies.update(actor, id, body),
      message: t('api.companyUpdated'),
    };
  }

  @Route('DELETE', ':id', {
    summary: 'Deletes a partner company without users or turbines',
    access: 'company.delete',
    params: companyPath,
    answers: { 200: doneAnswer },
    errors: ['COMPANY_HAS_DEPENDENTS'],
  })
  async delete(
    @CurrentPrincipal() actor: Principal,
    @ValidParams() { id }: z.output<typeof companyPath>,
    @RequestTranslator() t: Translate,
  ) {
    await this.companies.delete(actor, id);
    return { success: true as const, data: null, message: t('api.companyDeleted') };
  }
}
