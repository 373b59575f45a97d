import { type TurbineDetail } from '@kanat360/contracts';

// Built by the all-photos helper (issue 11 item 10).
export function AllPhotos({ turbine }: { turbine: TurbineDetail }) {
  return <section id="all-photos" data-turbine={turbine.id} />;
}
