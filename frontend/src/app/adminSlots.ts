import { lazy } from 'react';
import type { AdminSlotComponents, AdminSlotName } from '@/components/AdminSlot';

/** All the slots' tools, in one chunk fetched only when an admin's page first shows one of them. */
const loadTools = () => import('@/features/admin/slots');

const made = new Map<AdminSlotName, AdminSlotComponents[AdminSlotName]>();

/**
 * Each place's tool, fetched with a dynamic import, so the admin feature is split out of the
 * shoppers' bundle and fetched only when an admin opens a page that shows it. The places and their
 * tools are named once, in features/admin/slots: the first page's code carries neither list, only
 * this lookup (one lazy component per place, made on first use).
 */
export const adminSlots = new Proxy<AdminSlotComponents>(
  {},
  {
    get(_, name: AdminSlotName) {
      let tool = made.get(name);
      if (!tool) {
        tool = lazy(() => loadTools().then((module) => ({ default: module.tools[name] })));
        made.set(name, tool);
      }
      return tool;
    },
  },
);
