export { createAppTheme } from './theme.js';
export { AppShell, type AppShellProps } from './app-shell.js';
export {
  SideMenu,
  type SideMenuGroup,
  type SideMenuItem,
  type SideMenuProps,
} from './side-menu.js';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table.js';
export { Pager, PageOutOfRange, type PagerProps, type PageOutOfRangeProps } from './pager.js';
export { StatusChip, type StatusChipProps, type StatusTone } from './status-chip.js';
export { DebouncedSearchField, type DebouncedSearchFieldProps } from './debounced-search-field.js';
export {
  ToastProvider,
  useToast,
  TOAST_DURATION_MS,
  type ToastOptions,
  type ToastSeverity,
} from './toast.js';
export { LoadingOverlay, type LoadingOverlayProps } from './loading-overlay.js';
export { LoadingBlock, type LoadingBlockProps } from './loading-block.js';
export {
  ConfirmDialog,
  useCloseOnBackdropLater,
  type ConfirmDialogProps,
} from './confirm-dialog.js';
export {
  Timeline,
  type TimelineEntry,
  type TimelineGroup,
  type TimelineDetail,
  type TimelineProps,
} from './timeline.js';
export { SideSheet, type SideSheetProps } from './side-sheet.js';
export { PlaceholderScreen, type PlaceholderScreenProps } from './placeholder-screen.js';
export { VisuallyHidden } from './visually-hidden.js';
export { PathText, splitPath, type PathTextProps } from './path-text.js';
export { TextInput, type TextInputProps } from './text-input.js';
export * from './tree-picker/index.js';
export * from './schedule-editor/index.js';
export { LoadError, type LoadErrorProps } from './load-error.js';
export { ActionsMenu, type ActionsMenuItem, type ActionsMenuProps } from './actions-menu.js';
export {
  ReviewChangesDialog,
  diffFields,
  diffList,
  type FieldChange,
  type ListChange,
  type ReviewChangesDialogProps,
} from './review-changes-dialog.js';
export { CommandPalette, type CommandPaletteProps, type PaletteItem } from './command-palette.js';
export { isTypingTarget, usePaletteShortcut } from './keyboard-shortcuts.js';
export {
  idleLoaded,
  loadOnce,
  preloadWhenIdle,
  transitionAfterPaint,
  useAfterPaint,
  useIdleAfter,
} from './scheduling.js';
export { withKey } from './sets.js';
