import { type TurbineDetail } from '@kanat360/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCompanyOptions } from '@/forms/company-options';
import { useCan } from '@/session/use-session';
import { TurbineManageButtons } from '../turbines/TurbineActions';
import { DeleteTurbineDialog } from '../turbines/DeleteTurbineDialog';
import { TurbineFormModal } from '../turbines/TurbineFormModal';

/**
 * Edit and delete of the turbine on its own screen, as on its dashboard card (by permission): a deleted turbine
 * leaves for the turbine list.
 */
export function TurbineManage({ turbine }: { turbine: TurbineDetail }) {
  const navigate = useNavigate();
  const options = useCompanyOptions();
  const seesEveryCompany = useCan('tenant.all');
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <TurbineManageButtons turbine={turbine} onEdit={() => setOpen('edit')} onDelete={() => setOpen('delete')} />
      {open === 'edit' && (
        <TurbineFormModal
          turbine={turbine}
          companies={options}
          canChooseAnyCompany={seesEveryCompany}
          onClose={close}
          onCreated={close}
        />
      )}
      {open === 'delete' && (
        <DeleteTurbineDialog turbine={turbine} onClose={close} onDeleted={() => void navigate({ to: '/' })} />
      )}
    </>
  );
}
