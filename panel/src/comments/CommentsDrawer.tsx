// Built by the reports/comments helper (issue 11 item 13).
export function CommentsButton({ turbineId, onClick }: { turbineId: number; onClick: () => void }) {
  return (
    <button type="button" className="btn-secondary" data-turbine={turbineId} onClick={onClick}>
      Yorumlar
    </button>
  );
}

export function CommentsDrawer({ turbineId, onClose }: { turbineId: number; onClose: () => void }) {
  return <aside data-turbine={turbineId} onClick={onClose} />;
}
