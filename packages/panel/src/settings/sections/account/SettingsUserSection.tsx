import * as styles from '../../../pages/pages.css.ts';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { ReadOnlyLinksCard } from './ReadOnlyLinksCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

// The signed-in user's own account. Each change asks for the current password again (the server's rule),
// so a session left open in a browser is not enough to take the account over.
export function SettingsUserSection() {
  return (
    <div className={styles.narrow}>
      <ChangePasswordCard />
      <TwoFactorCard />
      <ReadOnlyLinksCard />
    </div>
  );
}
