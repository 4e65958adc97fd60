import { useMutation, useQuery } from "@tanstack/react-query";
import type { HiddenWordsResponse } from "../../common/schemas/hiddenWords";
import { call } from "./apiClient";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";

// Hidden words (issue 22): the member's list, edited in the settings.

export function useHiddenWords() {
  return useQuery({ queryKey: queryKeys.hiddenWords, queryFn: () => call("GET /api/hiddenwords.php") });
}

const setWords = (answer: HiddenWordsResponse) => queryClient.setQueryData(queryKeys.hiddenWords, answer);

export function useAddHiddenWord() {
  return useMutation({ mutationFn: (word: string) => call("POST /api/hiddenwords.php", { body: { word } }), onSuccess: setWords });
}

export function useRemoveHiddenWord() {
  return useMutation({ mutationFn: (word: string) => call("DELETE /api/hiddenwords.php", { query: { word } }), onSuccess: setWords });
}
