// The event and its column table, for the modules that need both (the stores' readers and writers).
export * from './columns.ts';
export * from './event.ts';
