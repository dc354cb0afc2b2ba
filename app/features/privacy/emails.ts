import { type Email, compose, greeting } from "~/platform/mail/compose";

/**
 * The last message to an erased person (issue 29, decision 056). Its outbox row is deleted once
 * delivered, so it greets no one by name and names nothing but the address it goes to.
 */
export function accountDeletedEmail(input: { brand: string; support: string; byRequest: boolean }): Email {
  return compose(`Your ${input.brand} account was deleted`, [
    ["Hi there,"],
    [
      input.byRequest
        ? `As you asked us, your ${input.brand} account and the personal data it held were deleted.`
        : `Your ${input.brand} account and the personal data it held were deleted, as you asked.`,
      "Your orders are kept for tax and accounting law under a random pseudonym, without your name or email address. You can sign up again with this address as a new member at any time.",
    ],
    [`Questions? Write to ${input.support}.`],
  ]);
}

export const DELETION_LINK_HOURS = 1;

/** 'Delete my account' of an account without a password: this link confirms it (decision 056). */
export function confirmDeletionEmail(input: { brand: string; name: string; link: string }): Email {
  return compose(`Confirm the deletion of your ${input.brand} account`, [
    greeting(input.name),
    [`Someone signed in to your ${input.brand} account asked to delete it. To delete it, open this link:`],
    { link: input.link },
    [
      `The link works once and expires in ${DELETION_LINK_HOURS} hour. Deleting cannot be undone: your orders stay for accounting under a pseudonym, everything else about you goes.`,
      "If you did not ask for this, ignore this email: nothing will change.",
    ],
  ]);
}
