import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Endpoint, StaffRole } from '@/lib/staff';

// Vitest runs from frontend/; the README is the repository's.
const readme = readFileSync(resolve(process.cwd(), '../README.md'), 'utf8');

/**
 * The endpoints each role may call, read from the README's staff table — which a server test
 * keeps equal to `access::markdown_table()`, the access table itself — so the front end's tests
 * give a role the very list the server's session would.
 */
function fromReadme(): Record<StaffRole, Endpoint[]> {
  const access: Record<StaffRole, Endpoint[]> = { owner: [], manager: [], packer: [], rider: [], cashier: [] };
  for (const line of readme.split('\n')) {
    const row = /^\| `([A-Z]+ \/api\/[^`]+)` \| (yes|—) \| (yes|—) \| (yes|—)[^|]* \| (yes|—) \| (yes|—)[^|]* \|/.exec(
      line,
    );
    if (!row) continue;
    const endpoint = row[1] as Endpoint;
    (['owner', 'manager', 'packer', 'rider', 'cashier'] as const).forEach((role, i) => {
      if (row[i + 2] === 'yes') access[role].push(endpoint);
    });
  }
  return access;
}

export const ACCESS = fromReadme();
