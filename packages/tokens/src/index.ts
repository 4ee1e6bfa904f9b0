export { vars } from './theme/contract.css.ts';
