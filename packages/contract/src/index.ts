export const probe: number = 1;
