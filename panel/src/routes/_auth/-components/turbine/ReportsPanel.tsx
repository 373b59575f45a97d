// Built by the reports/comments helper (issue 11 item 12).
export function ReportsPanel({ turbineId }: { turbineId: number }) {
  return <section id="reports" data-turbine={turbineId} />;
}
