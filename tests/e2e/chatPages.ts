import type { Page } from "playwright-core";

// Page objects of the chat journeys: the conversation list and a conversation.

export class ChatList {
  constructor(readonly page: Page) {}

  row(name: string) {
    return this.page.getByTestId("chat-row").filter({ hasText: name });
  }

  async open(name: string): Promise<void> {
    await this.row(name).getByRole("link").click();
    await this.page.getByTestId("chat-messages").waitFor();
  }

  async remove(name: string): Promise<void> {
    await this.row(name)
      .getByRole("button", { name: `Remove the conversation with ${name}` })
      .click();
    await this.page.getByTestId("confirm-button").click();
  }
}

export class Conversation {
  constructor(readonly page: Page) {}

  messages() {
    return this.page.getByTestId("chat-message");
  }

  /** Waits until a message with `text` shows and the server has confirmed it. */
  async waitForMessage(text: string): Promise<void> {
    await this.page.locator(".chat-bubble:not(.is-pending)").filter({ hasText: text }).first().waitFor();
  }

  /** Types a message and sends it with Enter, or with the send button. */
  async send(text: string, how: "enter" | "button" = "enter"): Promise<void> {
    await this.page.getByTestId("chat-input").fill(text);
    if (how === "enter") await this.page.getByTestId("chat-input").press("Enter");
    else await this.page.getByTestId("chat-send").click();
    await this.waitForMessage(text.trim().split("\n")[0]);
  }
}
