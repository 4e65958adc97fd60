import { useMutation, useQuery } from "@tanstack/react-query";
import type { DirectDebitRequest, Payment, StartPayment, TransactionResponse, TransactionsResponse } from "../../common/schemas/payments";
import { ApiError, call } from "./apiClient";
import { queryClient } from "./queryClient";
import { refetchUserQuietly } from "./userApi";

/** How often the return page asks for the payment's state while the provider has not decided. */
const PAYMENT_POLL_MS = 1500;

/**
 * The bundles and payment methods (GET /api/credits.php), priced with the discount code when one is
 * given; a code that does not apply (any more) falls back to the plain prices.
 */
export function useCreditsOffer(code: string | null = null) {
  return useQuery({
    queryKey: ["credits-offer", code],
    queryFn: async ({ signal }) => {
      if (!code) return call("GET /api/credits.php", {}, { signal });
      try {
        return await call("GET /api/credits.php", { query: { code } }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== "authentication_required") {
          return call("GET /api/credits.php", {}, { signal });
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The member's welcome code (GET /api/discountcode.php?welcome=true); a failure is ignored (spec section 7). */
export const welcomeDiscountQuery = {
  queryKey: ["discount", "welcome"],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call("GET /api/discountcode.php", { query: { welcome: "true" } }, { signal, progress: false }).catch(() => null),
  staleTime: 60_000,
};

export function useWelcomeDiscount(enabled: boolean) {
  return useQuery({ ...welcomeDiscountQuery, enabled });
}

/** Looks up a code the member typed: 'Code not found', 'Code already used'… come back as the error. */
export function useLookupDiscount() {
  return useMutation({ mutationFn: (code: string) => call("GET /api/discountcode.php", { query: { code } }) });
}

/** Orders a bundle; the key makes a retried click the same order. */
export function useStartPayment() {
  return useMutation({
    mutationFn: ({ input, key }: { input: StartPayment; key: string }) => call("POST /api/payment.php", { body: input }, { idempotencyKey: key }),
  });
}

const settled = (payment: Payment | undefined) => payment !== undefined && payment.status !== "open" && payment.status !== "pending";

/** A payment's state, asked again while it is open or pending; a paid one refreshes credits and premium. */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: ["payment", id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const payment = await call("GET /api/payment.php", { query: { id: id ?? "" } }, { signal, progress: false });
      if (payment.status === "paid") await refetchUserQuietly().catch(() => {});
      return payment;
    },
    refetchInterval: (query) => (settled(query.state.data) ? false : PAYMENT_POLL_MS),
    staleTime: 0,
  });
}

/** Takes a purchase back (POST /api/refund.php); the receipt, the list and the balance follow. */
export function useRefund() {
  return useMutation({
    mutationFn: (paymentId: string) => call("POST /api/refund.php", { body: { payment_id: paymentId } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["transactions"] }),
        queryClient.invalidateQueries({ queryKey: ["credit-history"] }),
        refetchUserQuietly(),
      ]);
    },
  });
}

/** The card kept for one-step orders (GET /api/repeat-order.php). */
export function useRepeatOffer(enabled = true) {
  return useQuery({ queryKey: ["repeat-order"], enabled, queryFn: ({ signal }) => call("GET /api/repeat-order.php", {}, { signal }), staleTime: 0 });
}

/** Buys a bundle again with the kept card; the key makes a retried request the same order. */
export function useRepeatOrder() {
  return useMutation({
    mutationFn: ({ bundleId, key }: { bundleId: number; key: string }) =>
      call("POST /api/repeat-order.php", { body: { bundle_id: bundleId } }, { idempotencyKey: key }),
    onSuccess: async (payment) => {
      queryClient.setQueryData(["payment", payment.payment_id], payment);
      if (payment.status === "paid") await refetchUserQuietly().catch(() => {});
    },
  });
}

export function useForgetCard() {
  return useMutation({
    mutationFn: () => call("DELETE /api/repeat-order.php"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["repeat-order"] }),
  });
}

/** Asks for a direct debit: the code goes out by SMS. */
export function useStartDirectDebit() {
  return useMutation({ mutationFn: (input: DirectDebitRequest) => call("POST /api/directdebit.php", { body: input }) });
}

/** Confirms a direct debit with the SMS code; answers the (pending) payment. */
export function useConfirmDirectDebit() {
  return useMutation({
    mutationFn: (input: { request_id: string; code: string }) => call("POST /api/directdebit-confirm.php", { body: input }),
  });
}

export function useResendDirectDebit() {
  return useMutation({ mutationFn: (requestId: string) => call("POST /api/directdebit-resend.php", { body: { request_id: requestId } }) });
}

// transactions.php answers the list, or with ?id= one purchase: one contract whose answer is either.
export function useTransactions() {
  return useQuery({
    queryKey: ["transactions"],
    queryFn: async ({ signal }): Promise<TransactionsResponse> => {
      const answer = await call("GET /api/transactions.php", {}, { signal });
      if (!("transactions" in answer)) throw new Error("transactions.php answered one purchase for the list");
      return answer;
    },
    staleTime: 0,
  });
}

export function useTransaction(id: string) {
  return useQuery({
    queryKey: ["transactions", id],
    queryFn: async ({ signal }): Promise<TransactionResponse> => {
      const answer = await call("GET /api/transactions.php", { query: { id } }, { signal });
      if (!("transaction" in answer)) throw new Error("transactions.php answered the list for one purchase");
      return answer;
    },
    staleTime: 0,
  });
}

export function useCreditHistory(enabled: boolean) {
  return useQuery({
    queryKey: ["credit-history"],
    enabled,
    queryFn: ({ signal }) => call("GET /api/credit-history.php", {}, { signal }),
    staleTime: 0,
  });
}
