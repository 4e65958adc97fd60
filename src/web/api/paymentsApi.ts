import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CreditHistoryResponse,
  CreditsOffer,
  DirectDebitRequest,
  DirectDebitStarted,
  DiscountCode,
  Payment,
  RepeatOrderOffer,
  StartPayment,
  StartPaymentResponse,
  TransactionResponse,
  TransactionsResponse,
} from "../../common/schemas/payments";
import { ApiError, api } from "./apiClient";
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
      if (!code) return api<CreditsOffer>("/api/credits.php", { signal });
      try {
        return await api<CreditsOffer>("/api/credits.php", { query: { code }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== "authentication_required") {
          return api<CreditsOffer>("/api/credits.php", { signal });
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The member's welcome code (GET /api/discountcode.php?welcome=true); a failure is ignored (spec section 7). */
export function useWelcomeDiscount(enabled: boolean) {
  return useQuery({
    queryKey: ["discount", "welcome"],
    enabled,
    queryFn: ({ signal }) => api<DiscountCode>("/api/discountcode.php", { query: { welcome: "true" }, signal, progress: false }).catch(() => null),
    staleTime: 60_000,
  });
}

/** Looks up a code the member typed: 'Code not found', 'Code already used'… come back as the error. */
export function useLookupDiscount() {
  return useMutation({ mutationFn: (code: string) => api<DiscountCode>("/api/discountcode.php", { query: { code } }) });
}

/** Orders a bundle; the key makes a retried click the same order. */
export function useStartPayment() {
  return useMutation({
    mutationFn: ({ input, key }: { input: StartPayment; key: string }) =>
      api<StartPaymentResponse>("/api/payment.php", { method: "POST", body: input, idempotencyKey: key }),
  });
}

const settled = (payment: Payment | undefined) => payment !== undefined && payment.status !== "open" && payment.status !== "pending";

/** A payment's state, asked again while it is open or pending; a paid one refreshes credits and premium. */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: ["payment", id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const payment = await api<Payment>("/api/payment.php", { query: { id: id ?? "" }, signal, progress: false });
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
    mutationFn: (paymentId: string) => api<Payment>("/api/refund.php", { method: "POST", body: { payment_id: paymentId } }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ["transactions"] }), queryClient.invalidateQueries({ queryKey: ["credit-history"] }), refetchUserQuietly()]);
    },
  });
}

/** The card kept for one-step orders (GET /api/repeat-order.php). */
export function useRepeatOffer(enabled = true) {
  return useQuery({ queryKey: ["repeat-order"], enabled, queryFn: ({ signal }) => api<RepeatOrderOffer>("/api/repeat-order.php", { signal }), staleTime: 0 });
}

/** Buys a bundle again with the kept card; the key makes a retried request the same order. */
export function useRepeatOrder() {
  return useMutation({
    mutationFn: ({ bundleId, key }: { bundleId: number; key: string }) =>
      api<Payment>("/api/repeat-order.php", { method: "POST", body: { bundle_id: bundleId }, idempotencyKey: key }),
    onSuccess: async (payment) => {
      queryClient.setQueryData(["payment", payment.payment_id], payment);
      if (payment.status === "paid") await refetchUserQuietly().catch(() => {});
    },
  });
}

export function useForgetCard() {
  return useMutation({
    mutationFn: () => api<{ ok: true }>("/api/repeat-order.php", { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["repeat-order"] }),
  });
}

/** Asks for a direct debit: the code goes out by SMS. */
export function useStartDirectDebit() {
  return useMutation({ mutationFn: (input: DirectDebitRequest) => api<DirectDebitStarted>("/api/directdebit.php", { method: "POST", body: input }) });
}

/** Confirms a direct debit with the SMS code; answers the (pending) payment. */
export function useConfirmDirectDebit() {
  return useMutation({
    mutationFn: (input: { request_id: string; code: string }) => api<Payment>("/api/directdebit-confirm.php", { method: "POST", body: input }),
  });
}

export function useResendDirectDebit() {
  return useMutation({ mutationFn: (requestId: string) => api<{ ok: true }>("/api/directdebit-resend.php", { method: "POST", body: { request_id: requestId } }) });
}

export function useTransactions() {
  return useQuery({ queryKey: ["transactions"], queryFn: ({ signal }) => api<TransactionsResponse>("/api/transactions.php", { signal }), staleTime: 0 });
}

export function useTransaction(id: string) {
  return useQuery({
    queryKey: ["transactions", id],
    queryFn: ({ signal }) => api<TransactionResponse>("/api/transactions.php", { query: { id }, signal }),
    staleTime: 0,
  });
}

export function useCreditHistory(enabled: boolean) {
  return useQuery({
    queryKey: ["credit-history"],
    enabled,
    queryFn: ({ signal }) => api<CreditHistoryResponse>("/api/credit-history.php", { signal }),
    staleTime: 0,
  });
}
