import { Controller } from '@nestjs/common';
import { company, companyBody, type CompanyBody, companyPath, doneAnswer, successOf } from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { z } from 'zod';
import { type Principal } from '@/access/principal.js';
import { CurrentPrincipal } from '@/auth/access.decorators.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody, ValidParams } from '@/openapi/route.js';
import { CompaniesService } from './companies.service.js';

@RouteGroup('companies')
@Controller('companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Route('GET', '', {
    summary: 'The partner companies, with how many users and turbines each has',
    access: 'company.read',
    answers: { 200: successOf(z.array(company)) },
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
