export * from './NavigationProgress/index.ts';
export * from './Toast/index.ts';
