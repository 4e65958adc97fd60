import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CreditHistoryResponse,
  CreditsOffer,
  Payment,
  StartPayment,
  StartPaymentResponse,
  TransactionResponse,
  TransactionsResponse,
} from "../../common/schemas/payments";
import { api } from "./apiClient";
import { refetchUserQuietly } from "./userApi";

/** How often the return page asks for the payment's state while the provider has not decided. */
const PAYMENT_POLL_MS = 1500;

/** The bundles and payment methods (GET /api/credits.php). */
export function useCreditsOffer() {
  return useQuery({ queryKey: ["credits-offer"], queryFn: ({ signal }) => api<CreditsOffer>("/api/credits.php", { signal }), staleTime: 60_000 });
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
