import { ConfirmModal } from './ConfirmModal';
import type { useLeaveQuestion } from './useLeaveQuestion';

export interface LeaveQuestionProps {
  /** What useLeaveQuestion returned. */
  leaving: ReturnType<typeof useLeaveQuestion>;
  /** The page's question (calendar §2), which names what would be lost. */
  question: string;
}

/** LeaveQuestion asks, while useLeaveQuestion is asking, whether to leave a page with unsaved changes. */
export function LeaveQuestion({ leaving, question }: LeaveQuestionProps) {
  return (
    <ConfirmModal
      opened={leaving.asking}
      title="Leave this page?"
      confirmLabel="Leave"
      busy={false}
      onClose={leaving.stay}
      onConfirm={leaving.leave}
    >
      {question}
    </ConfirmModal>
  );
}
