import { type LpProtectSettings, lpProtectNode, lpProtectPhp } from '@cairn/contract';
import { CodeBlock } from '@cairn/ui';
import * as styles from '../../../pages/pages.css.ts';

/**
 * The checks to paste into a protected lander's own code, for the unprotected answer set in Settings >
 * LP protect: PHP at the top of the page, or a Node.js middleware in front of it.
 */
export function LpProtectSnippets({ secret, settings }: { secret: string; settings: LpProtectSettings }) {
  return (
    <div className={styles.stack}>
      <p className={styles.note}>
        PHP: put this at the very top of the lander’s page. The tracker adds lpkey=… to the lander URL (or
        fills {'{lp_key}'} where the URL places it; then read that parameter instead).
      </p>
      <CodeBlock language="php" code={lpProtectPhp(secret, settings)} copyLabel="Copy the PHP check" />
      <p className={styles.note}>
        Node.js: save this as cairn-lp-protect.js and put it in front of the lander, with Express
        app.use(require('./cairn-lp-protect.js')), or with node:http check(req, res, () =&gt; serve(req,
        res)).
      </p>
      <CodeBlock
        language="javascript"
        code={lpProtectNode(secret, settings)}
        copyLabel="Copy the Node.js check"
      />
    </div>
  );
}
