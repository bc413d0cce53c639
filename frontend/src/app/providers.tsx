import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { adminSlots } from './adminSlots';
import { AdminSlotsProvider } from '@/components/AdminSlot';

/** Everything the app needs around it. The router is wouter's default (browser history). */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AdminSlotsProvider value={adminSlots}>{children}</AdminSlotsProvider>
    </QueryClientProvider>
  );
}
