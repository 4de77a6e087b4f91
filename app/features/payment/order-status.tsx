// Follows an order until it is final (issue #21): GET /api/payments/orders/{id}
// every 2 seconds for the first half minute, then less and less often (up to
// every 30 s), so a page left open does not keep asking. Small on purpose: no
// schema library, the status is checked against the known ones.
import { useEffect, useState } from 'react';
import type { OrderStatus } from '../../../domain/payments-contracts.ts';
import { STATUS_TEXT } from './order-summary.tsx';

const FIRST_DELAY_MS = 2000;
const STEADY_POLLS = 15;
const MAX_DELAY_MS = 30_000;

export function isFinal(status: OrderStatus): boolean {
  return status !== 'pending';
}

function statusOf(body: unknown): OrderStatus | null {
  const status = (body as { order?: { status?: unknown } } | null)?.order?.status;
  return typeof status === 'string' && Object.hasOwn(STATUS_TEXT, status) ? (status as OrderStatus) : null;
}

/** The order's status as last read; starts from the server's and stops asking once it is final. */
export function useOrderStatus(orderId: string, initial: OrderStatus): OrderStatus {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    if (isFinal(initial)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let polls = 0;
    async function poll() {
      polls += 1;
      try {
        const response = await fetch(`/api/payments/orders/${encodeURIComponent(orderId)}`, {
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
          cache: 'no-store',
        });
        const next = response.ok ? statusOf(await response.json()) : null;
        if (stopped) return;
        if (next) {
          setStatus(next);
          if (isFinal(next)) return;
        }
      } catch {
        // Offline for a moment: the next poll tries again.
      }
      if (stopped) return;
      const delay =
        polls < STEADY_POLLS
          ? FIRST_DELAY_MS
          : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 1.5 ** (polls - STEADY_POLLS + 1));
      timer = setTimeout(() => void poll(), delay);
    }
    timer = setTimeout(() => void poll(), FIRST_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, initial]);
  return status;
}
