export * from './auth.ts';
export * from './conversions.ts';
export * from './entities/index.ts';
export * from './errors.ts';
export * from './paths.ts';
export * from './reports.ts';
export * from './system.ts';
export * from './tracking.ts';
