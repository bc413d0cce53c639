import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Endpoint, StaffRole } from '@/lib/staff';

// Vitest runs from frontend/; the README is the repository's.
const readme = readFileSync(resolve(process.cwd(), '../README.md'), 'utf8');

/**
 * The endpoints each role may call, read from the README's staff table — which a server test
 * keeps equal to `access::markdown_table()`, the access table itself — so the front end's tests
 * give a role the very list the server's session would. The roles are the table's columns, as its
 * header names them (a role added on the server is a column more here).
 */
function fromReadme(): Record<StaffRole, Endpoint[]> {
  const access = { owner: [], manager: [], packer: [], rider: [], cashier: [] } as unknown as Record<
    StaffRole,
    Endpoint[]
  >;
  let roles: string[] = [];
  for (const line of readme.split('\n')) {
    const cells = line.startsWith('|')
      ? line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim())
      : [];
    if (cells[0] === 'Endpoint') {
      roles = cells.slice(1).map((c) => c.toLowerCase());
      continue;
    }
    const endpoint = /^`([A-Z]+ \/api\/[^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!endpoint) continue;
    roles.forEach((role, i) => {
      if (cells[i + 1]?.startsWith('yes')) (access as Record<string, Endpoint[]>)[role]?.push(endpoint as Endpoint);
    });
  }
  return access;
}

export const ACCESS = fromReadme();
