export {
  NavigationProgress,
  NavigationProgressBar,
  type NavigationProgressProps,
} from './NavigationProgress.tsx';
export {
  createProgressStore,
  growthAt,
  navigationProgress,
  PROGRESS_DELAY_MS,
  PROGRESS_FINISH_MS,
  PROGRESS_GROW_MS,
  PROGRESS_PHASES,
  type ProgressPhase,
  type ProgressState,
  type ProgressStore,
} from './progressStore.ts';
