export * from './Toast/index.ts';
