import { HIDDEN_WORD_MAX_LENGTH, HIDDEN_WORDS_MAX } from "../../../common/constants";
import { hiddenWordKey } from "../../../common/hiddenWords";
import type { HiddenWordsResponse } from "../../../common/schemas/hiddenWords";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { addHiddenWord, listHiddenWords, removeHiddenWord } from "./hiddenWords.repo";

/**
 * A member's hidden words (issue 22): only their own list is ever read or changed. What the words do
 * to messages is the chat's (chat.repo's messageParts).
 */
export class HiddenWordsService {
  constructor(private readonly db: Db) {}

  async list(memberId: number): Promise<HiddenWordsResponse> {
    return { words: await listHiddenWords(this.db, memberId) };
  }

  /** Adds a word or phrase (validated by the shared schema); one already listed, in any case or accents, is kept as it was. */
  async add(memberId: number, word: string): Promise<HiddenWordsResponse> {
    // Counted as the member sees characters (an emoji or an accented letter is one).
    if ([...word].length > HIDDEN_WORD_MAX_LENGTH) throw new AppError(400, "hidden_word_too_long", { max: HIDDEN_WORD_MAX_LENGTH }, "word");
    if (!(await addHiddenWord(this.db, memberId, hiddenWordKey(word), word, HIDDEN_WORDS_MAX))) {
      throw new AppError(409, "hidden_words_full", { max: HIDDEN_WORDS_MAX }, "word");
    }
    return this.list(memberId);
  }

  /** Removes an entry, found the way it matches (case and accents aside); removing one not listed changes nothing. */
  async remove(memberId: number, word: string): Promise<HiddenWordsResponse> {
    const key = hiddenWordKey(word);
    if (key !== "") await removeHiddenWord(this.db, memberId, key);
    return this.list(memberId);
  }
}
