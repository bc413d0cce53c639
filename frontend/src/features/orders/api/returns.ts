import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, formBody } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
export { REASON_LABELS, RETURN_STATUS_LABELS, WANTS_LABELS } from '@/lib/returns';
import type { ReturnAsk, ReturnForm, ReturnWho } from '@/lib/types';

/** The query a return call carries for `who`. */
function whoQuery(who: ReturnWho) {
  return 'order' in who ? { order: who.order } : { number: who.number, email: who.email, phone: who.phone };
}

function whoKey(who: ReturnWho): string {
  return 'order' in who ? who.order : `${who.number}:${who.email ?? who.phone ?? ''}`;
}

/** GET /api/returns/options: what may be sent back of the order, and the requests so far. */
export const returnOptionsQuery = (who: ReturnWho) =>
  queryOptions({
    queryKey: queryKeys.returnOptions(whoKey(who)),
    queryFn: ({ signal }) => answer(api.GET('/api/returns/options', { params: { query: whoQuery(who) }, signal })),
    retry: false,
  });

export function useReturnOptions(who: ReturnWho) {
  return useQuery(returnOptionsQuery(who));
}

/** POST /api/returns (multipart): the request with up to 3 photos. */
export function useAskReturn(who: ReturnWho) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ask, photos }: { ask: ReturnAsk; photos: File[] }) => {
      const contact = whoQuery(who);
      return answer(
        api.POST(
          '/api/returns',
          formBody<ReturnForm>({
            order: 'order' in contact ? contact.order : undefined,
            number: 'number' in contact ? contact.number : undefined,
            email: 'email' in contact ? contact.email : undefined,
            phone: 'phone' in contact ? contact.phone : undefined,
            request: JSON.stringify(ask),
            photos,
          }),
        ),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.returnOptions(whoKey(who)) }),
  });
}
