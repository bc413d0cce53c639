export { newIdempotencyKey } from '@/lib/idempotency';
