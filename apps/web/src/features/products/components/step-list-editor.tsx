import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { MESSAGES, type Step } from '@onboarding/contracts';
import { ConfirmDialog, VisuallyHidden } from '@onboarding/ui';
import { useMemo, useRef, useState, type PointerEventHandler } from 'react';
import { failureMessage } from '@/lib/api-error';
import { LeaveGuard } from '@/lib/leave-guard';
import { useNotify } from '@/lib/notify';
import { useUpdateStepOrder } from '../api/update-step-order';
import {
  deleteStep,
  discardDraft,
  draftBody,
  draftChangeCount,
  isDraftChanged,
  moveStep,
  startDraft,
  type StepOrderDraft,
} from '../utils/step-order';
import { StepActionsMenu } from './step-actions-menu';
import { StepListToolbar } from './step-list-toolbar';

interface RowProps {
  step: Step;
  position: number;
  rearranging: boolean;
  onDelete: (step: Step) => void;
}

function SortableStepRow({ step, position, rearranging, onDelete }: RowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: step.stepId, disabled: !rearranging });

  return (
    <TableRow
      ref={setNodeRef}
      data-step-id={step.stepId}
      // Holding anywhere on the row drags it; the handle is the keyboard's way in.
      onPointerDown={
        rearranging ? (listeners?.onPointerDown as PointerEventHandler | undefined) : undefined
      }
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        bgcolor: isDragging ? 'action.selected' : undefined,
        cursor: rearranging ? (isDragging ? 'grabbing' : 'grab') : undefined,
        touchAction: rearranging ? 'none' : undefined,
      }}
    >
      {rearranging ? (
        <TableCell sx={{ width: 56 }}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={`Drag ${step.stepName}`}
          >
            <DragIndicator fontSize="small" />
          </IconButton>
        </TableCell>
      ) : null}
      <TableCell sx={{ width: 120 }}>{position}</TableCell>
      <TableCell>{step.stepName}</TableCell>
      <TableCell align="center" sx={{ width: 140, whiteSpace: 'nowrap' }}>
        <StepActionsMenu step={step} />
        <IconButton aria-label={`Delete ${step.stepName}`} onClick={() => onDelete(step)}>
          <DeleteOutlined />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

interface Props {
  productId: number;
  /** The steps as loaded; a reload (new array) starts a new draft (the parent keys on it). */
  steps: readonly Step[];
}

/**
 * The step list with its unsaved edits: rearranging by drag and drop (pointer or keyboard) once
 * Rearrange Steps is on, deleting (confirmed), and Save, enabled only when the order or the set
 * of steps changed. Save sends update-step-order; the list then reloads.
 */
export function StepListEditor({ productId, steps }: Props) {
  const [draft, setDraft] = useState<StepOrderDraft>(() => startDraft(steps));
  const [rearranging, setRearranging] = useState(false);
  const [toDelete, setToDelete] = useState<Step | null>(null);
  const save = useUpdateStepOrder();
  const notify = useNotify();

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = useMemo(() => draft.shown.map((s) => s.stepId), [draft]);
  const changed = isDraftChanged(draft);
  // A saved list may be left before its reload starts a new editor.
  const allowLeave = useRef(false);

  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier) =>
      draft.shown.find((s) => s.stepId === id)?.stepName ?? 'step';
    const where = (id: UniqueIdentifier | undefined) =>
      `position ${ids.indexOf(Number(id)) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${where(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `${name(active.id)} moved to ${where(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over ? `${name(active.id)} dropped at ${where(over.id)}.` : `${name(active.id)} dropped.`,
      onDragCancel: ({ active }) => `Moving ${name(active.id)} cancelled.`,
    };
  }, [draft, ids]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      setDraft((d) => moveStep(d, Number(active.id), Number(over.id)));
    }
  };

  const onSave = () => {
    save.mutate(
      { productId, body: draftBody(draft) },
      {
        onSuccess: (message) => {
          allowLeave.current = true;
          notify(message, { severity: 'success' });
        },
        onError: (error) => notify(failureMessage(error), { severity: 'error' }),
      },
    );
  };

  return (
    <Box>
      <StepListToolbar
        productId={productId}
        rearranging={rearranging}
        onRearrange={() => setRearranging((on) => !on)}
        changes={changed ? draftChangeCount(draft) : 0}
        saving={save.isPending}
        onSave={onSave}
        onDiscard={() => setDraft(discardDraft)}
      />

      {rearranging ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MESSAGES.rearrangeInfo}
        </Alert>
      ) : null}

      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a step, press space or enter, use the up and down arrow keys, then press space or enter again to drop it, or escape to cancel.',
          },
        }}
      >
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Steps">
            <TableHead>
              <TableRow>
                {rearranging ? (
                  <TableCell>
                    <VisuallyHidden>Drag</VisuallyHidden>
                  </TableCell>
                ) : null}
                <TableCell>Step Order</TableCell>
                <TableCell>Step Name</TableCell>
                <TableCell align="center">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                {draft.shown.map((step, index) => (
                  <SortableStepRow
                    key={step.stepId}
                    step={step}
                    position={index + 1}
                    rearranging={rearranging}
                    onDelete={setToDelete}
                  />
                ))}
              </SortableContext>
              {draft.shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={rearranging ? 4 : 3} align="center" sx={{ py: 4 }}>
                    {MESSAGES.noStepAdded}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </DndContext>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Step"
        message={MESSAGES.deleteStepConfirm}
        confirmLabel="Delete"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) setDraft((d) => deleteStep(d, toDelete.stepId));
          setToDelete(null);
        }}
      />
      <LeaveGuard when={changed} allowed={allowLeave} />
    </Box>
  );
}
