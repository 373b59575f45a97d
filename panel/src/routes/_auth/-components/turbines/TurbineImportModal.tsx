import { TURBINE_IMPORT_COLUMNS, TURBINE_IMPORT_LIMITS, type TurbineImportReport } from '@kanat360/contracts';
import { useState } from 'react';
import { useImportTurbines } from '@/api/turbines';
import { Modal } from '@/components/Modal';
import { type CompanyOption } from '@/forms/company-options';
import { useFormFeedback } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { csvCell } from '../coverage/coverage-list';

/** The template: the header in the chosen language and an example row, as CSV with a BOM so Excel reads UTF-8. */
function templateHref(language: 'tr' | 'en'): string {
  const header = TURBINE_IMPORT_COLUMNS.map((column) => column[language]);
  const example: Record<string, string> = {
    code: 'ALG-07',
    turbine_name: 'Aliağa T07',
    city: 'İzmir',
    location: 'Aliağa',
    site_name: 'Aliağa RES',
    rooms: '9',
    status: language === 'tr' ? 'aktif' : 'active',
    manufacturer: 'Nordex',
    model: 'N117/3600',
    rated_power_kw: '3600',
    hub_height_m: '91',
    rotor_diameter_m: '116.8',
    blade_length_m: '57.3',
    commissioned_year: '2016',
    latitude: '38.8012',
    longitude: '26.9724',
  };
  const row = TURBINE_IMPORT_COLUMNS.map((column) => example[column.field] ?? '');
  const csv = `\uFEFF${[header, row].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}

/**
 * Adding and updating turbines from a CSV or Excel sheet (issue #25): the sheet is checked first (a dry run that
 * says per row what would happen and why a row is refused), then written, all rows or none.
 */
export function TurbineImportModal({
  companies,
  canChooseAnyCompany,
  onClose,
}: {
  companies: readonly CompanyOption[];
  canChooseAnyCompany: boolean;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const feedback = useFormFeedback(language);
  const [file, setFile] = useState<File | null>(null);
  const [companyId, setCompanyId] = useState('');
  const [report, setReport] = useState<TurbineImportReport | null>(null);
  const importing = useImportTurbines();
  const run = (dryRun: boolean) => {
    if (!file) return;
    importing.mutate(
      { file, dryRun, companyId: companyId === '' ? null : Number(companyId) },
      {
        onSuccess: ({ data }) => {
          setReport(data);
          if (data.written) onClose();
        },
        onError: (error) => feedback.showServerError(error, []),
      },
    );
  };

  return (
    <Modal title={t('panel.turbines.import.title')} onClose={onClose} width="lg" testId="turbine-import">
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-slate-700 dark:text-slate-300">
          {t('panel.turbines.import.hint', { rows: TURBINE_IMPORT_LIMITS.maxRows })}
        </p>
        <p className="flex flex-wrap gap-3">
          <a
            className="font-medium text-brand-800 underline dark:text-brand-300"
            href={templateHref(language)}
            download={t('panel.turbines.import.templateFile')}
          >
            {t('panel.turbines.import.template')}
          </a>
        </p>
        <label className="flex flex-col gap-1.5">
          <span className="font-medium">{t('panel.turbines.import.file')}</span>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setReport(null);
              feedback.dismissAlert();
            }}
            data-testid="import-file"
          />
        </label>
        {canChooseAnyCompany && (
          <label className="flex flex-col gap-1.5">
            <span className="font-medium">{t('panel.turbines.import.company')}</span>
            <select className="input" value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
              <option value="">{t('panel.turbines.import.companyPerRow')}</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {feedback.alert && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
            {feedback.alert}
          </p>
        )}
        {report && (
          <div data-testid="import-report">
            <p className="mb-2 font-medium" role="status">
              {t('panel.turbines.import.summary', {
                created: report.created,
                updated: report.updated,
                unchanged: report.unchanged,
                refused: report.refused,
              })}
            </p>
            <div className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700">
              <table className="w-full text-left text-xs">
                <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                  <tr>
                    <th scope="col" className="px-2 py-1.5">
                      {t('panel.turbines.import.row')}
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      {t('panel.turbines.field.code')}
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      {t('panel.turbines.import.action')}
                    </th>
                    <th scope="col" className="px-2 py-1.5">
                      {t('panel.turbines.import.details')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {report.rows.map((row) => (
                    <tr key={row.row} data-testid="import-row" data-action={row.action}>
                      <td className="px-2 py-1.5 tabular-nums">{row.row}</td>
                      <td className="px-2 py-1.5">{row.code}</td>
                      <td className="px-2 py-1.5 font-medium">{t(`panel.turbines.import.actions.${row.action}`)}</td>
                      <td className="px-2 py-1.5">
                        {row.action === 'refused'
                          ? row.problems.map((problem) => problem.message).join(' · ')
                          : row.changes.join(', ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('panel.action.cancel')}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!file || importing.isPending}
            onClick={() => run(true)}
            data-testid="import-check"
          >
            {t('panel.turbines.import.check')}
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={!report || report.refused > 0 || importing.isPending}
            onClick={() => run(false)}
            data-testid="import-write"
          >
            {t('panel.turbines.import.write')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
