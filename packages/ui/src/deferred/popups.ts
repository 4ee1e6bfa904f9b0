import { loadColumnSettings } from '../DataTable/columns/ColumnSettingsMenu.tsx';
import { loadDropdownMenu } from '../DropdownMenu/DropdownMenu.tsx';
import { loadSelect } from '../Select/Select.tsx';

/**
 * Fetches the code of every popup that comes after the first paint (menus, selects, the column
 * settings): for tests about what they do once there, where holding on to a trigger that is replaced
 * when the code arrives would be a race a person never meets.
 */
export async function preloadPopups(): Promise<void> {
  await Promise.all([loadColumnSettings(), loadDropdownMenu(), loadSelect()]);
}
