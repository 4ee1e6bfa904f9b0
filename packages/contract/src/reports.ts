// The reports engine's API: one grouped report, the click log and the numbers of the panel lists.
export * from './reports/clickLog.ts';
export * from './reports/dimensions.ts';
export * from './reports/entityStats.ts';
export * from './reports/report.ts';
export {
  type DimensionValue,
  isTimeZone,
  type LocalDateTime,
  type ReportFilters,
  type ReportRange,
  type ReportScope,
  timeZoneSchema,
} from './reports/scope.ts';
export * from './reports/valueHints.ts';
export * from './reports/values.ts';
