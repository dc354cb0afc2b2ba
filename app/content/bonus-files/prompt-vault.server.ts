/** Bonus 3: the AI Prompt Engineering Vault, served as a text file (app/lib/bonus-downloads.server.ts). */
export const PROMPT_VAULT_TEXT = String.raw`=====================================================================
 THE AI PROMPT ENGINEERING VAULT
 Ready-to-use prompts for building, launching and growing AI SaaS apps
=====================================================================

How to use the vault
--------------------
- Replace everything in [SQUARE BRACKETS] with your own details.
- Paste a prompt as it is first; then refine with a follow-up such as
  "Make it shorter", "Use a more direct tone" or "Give 3 alternatives".
- Keep the versions that work in a "prompt library" document. Good
  prompts are assets, just like code.


PART 1: THE 7 RULES OF A GOOD PROMPT
=====================================================================

1. Give a role. "You are a senior [ROLE] who has [EXPERIENCE]."
2. Give context. Who is the audience, what is the product, why does it
   matter?
3. State the task as one clear instruction. One prompt, one job.
4. Show the format. "Answer as a table with columns A, B, C" or "Return
   JSON with the keys title, summary, tags."
5. Set constraints. Length, tone, reading level, words to avoid.
6. Give an example of a good answer (few-shot). Even one example
   improves consistency a lot.
7. Ask it to check itself. "Before answering, list your assumptions"
   or "Check your answer against the rules above and fix any misses."

The master template
-------------------
You are [ROLE] with [EXPERIENCE].
Context: [WHO IT IS FOR, WHAT THE PRODUCT IS, THE GOAL].
Task: [ONE CLEAR INSTRUCTION].
Format: [EXACT OUTPUT SHAPE].
Constraints: [LENGTH, TONE, MUST/MUST NOT].
Example of a great answer: [EXAMPLE].
Before you answer, list any assumptions you are making.


PART 2: IDEAS AND VALIDATION
=====================================================================

2.1 Niche idea finder
You are a SaaS market researcher. List 10 software-as-a-service ideas
for [AUDIENCE] in [INDUSTRY] where AI can do a task they currently do
by hand every week. For each give: the task, how often it happens, who
pays today (tools or freelancers), and a one-line product promise.
Format as a table. Rank by how much money the task costs them.

2.2 Problem interview script
Write a 10-minute customer interview script to validate this problem:
[PROBLEM] for [AUDIENCE]. Use open questions about past behaviour
("Tell me about the last time..."), never about future intentions.
Include 2 questions about money and time spent, and no pitching.

2.3 Competitor teardown
Here are the pricing pages and 10 reviews of my competitors:
[PASTE]. Summarise each competitor's positioning, price, strongest
feature and most common complaint. Then suggest 3 angles where a small
new product could win, with the riskiest assumption behind each.

2.4 Pricing advisor
My product [DESCRIPTION] saves [AUDIENCE] about [TIME OR MONEY] per
[PERIOD]. Suggest a pricing model (subscription, usage or one-time),
2-3 price points, a free limit, and explain the reasoning. Include what
would make a customer upgrade from the cheapest plan.


PART 3: BUILDING THE APP (AI APP BUILDER PROMPTS)
=====================================================================

3.1 The first build
Build a web app for [AUDIENCE] that [CORE RESULT]. The user [INPUT:
pastes text / uploads a file / enters a URL]. Use the [OpenAI / Claude]
API to [AI STEP]. Show the result as [OUTPUT FORMAT] with Copy and
Download buttons and keep a history of past results. Add email sign-up,
[FREE LIMIT] free uses and a [PRICE] plan with Stripe Checkout. Design:
clean, [COLOUR] accent, mobile first.

3.2 Add one feature at a time
Add [FEATURE] to the app. Keep everything that already works unchanged.
Before you change code, list the files you will touch and why.

3.3 Fix an error
The app shows this error when I [ACTION]:
[PASTE THE EXACT ERROR]
Find the cause, explain it in one sentence, and fix it with the
smallest change. Do not rewrite unrelated code.

3.4 Make the design better
Improve the design of the [PAGE] page: clearer hierarchy, more white
space, consistent buttons, and a friendly empty state. Keep the layout
responsive and do not change any behaviour.

3.5 Database
Move the data to a [Supabase / Postgres] database with tables for
users, [MAIN OBJECT] and usage. Every row belongs to a user, and users
can only read and change their own rows. Keep the current API.

3.6 Payments webhook
Add a Stripe webhook endpoint that verifies the signature, marks the
user as paid on checkout.session.completed, and removes access on
customer.subscription.deleted and charge.refunded. Make it safe to
receive the same event twice.


PART 4: THE AI STEP INSIDE YOUR PRODUCT (SYSTEM PROMPTS)
=====================================================================

4.1 Structured output system prompt
You are [PRODUCT NAME], an assistant for [AUDIENCE]. You receive
[INPUT TYPE]. Produce [OUTPUT] that is accurate, specific to the input
and ready to use without editing. Return only JSON matching this
shape: {"title": string, "summary": string, "items": string[]}.
If the input is empty or unrelated, return {"error": "[MESSAGE]"}.

4.2 Brand voice system prompt
Write in the voice described here: [3-5 ADJECTIVES], [SENTENCE
LENGTH], [WORDS TO USE], [WORDS TO AVOID]. Here are two samples of the
voice: [SAMPLE 1] [SAMPLE 2]. Match the voice; never copy the samples.

4.3 Guardrails
Never invent facts, numbers, prices or quotes that are not in the
input. If information is missing, say what is missing instead of
guessing. Refuse requests for medical, legal or financial advice and
suggest consulting a professional.

4.4 Grader prompt (test your outputs automatically)
You are a strict reviewer. Score this output from 1 to 10 against
these criteria: [CRITERIA]. Quote the weakest sentence and explain how
to improve it. Output: {"score": number, "weakest": string, "fix":
string}.


PART 5: MARKETING AND LAUNCH
=====================================================================

5.1 Landing page copy
Write landing page copy for [PRODUCT], which helps [AUDIENCE] [RESULT]
in [TIME] without [PAIN]. Sections: headline (max 10 words),
subheadline, 3 benefits with one-line proof each, how it works in 3
steps, pricing intro, 5 FAQs that answer objections, final call to
action. Plain language, no hype words like "revolutionary".

5.2 Launch email sequence
Write 4 launch emails for [PRODUCT] with a launch offer of [OFFER]
ending [DATE]: (1) launch announcement, (2) proof story, (3) 24 hours
left, (4) last call. Each under 200 words with one link and a subject
line under 45 characters.

5.3 Social posts from one story
Here is the story of why I built [PRODUCT]: [STORY]. Turn it into 5
LinkedIn posts, 5 tweets and 3 short video scripts (30 seconds each),
each with a hook in the first line and one clear call to action.

5.4 SEO article outline
Create an outline for an article targeting "[KEYWORD]" for
[AUDIENCE]. Include the search intent, H2/H3 headings, the questions
to answer, where to mention [PRODUCT] naturally, and a meta
description under 155 characters.

5.5 Cold outreach
Write a 90-word cold email to [ROLE] at [COMPANY TYPE]. Open with a
specific observation about them: [DETAIL]. Mention one result
[PRODUCT] gets for similar companies and ask a yes/no question. No
attachments, no "I hope this finds you well".


PART 6: CUSTOMERS AND GROWTH
=====================================================================

6.1 Onboarding emails
Write a 3-email onboarding sequence for new free users of [PRODUCT]:
day 0 (get the first result in 2 minutes), day 2 (a power tip), day 5
(a customer story and the upgrade offer). Friendly, short, one link
each.

6.2 Support reply
A customer wrote: [MESSAGE]. Write a calm, helpful reply that
acknowledges the problem, gives the fix in numbered steps, and offers
further help. Under 120 words. Do not promise features.

6.3 Feedback analysis
Here are [N] pieces of customer feedback: [PASTE]. Group them into
themes, count each theme, quote one example per theme, and recommend
the 3 changes with the biggest impact on retention.

6.4 Churn win-back
Write a short email to customers who cancelled [PRODUCT]. Ask one
question about why they left, mention the biggest improvement since
they cancelled ([IMPROVEMENT]) and offer [OFFER] to come back.


PART 7: PROMPT DEBUGGING CHECKLIST
=====================================================================

When the output is wrong, check in this order:
[ ] Was the task one clear instruction, or several mixed together?
[ ] Did the model have the context it needed (audience, goal, data)?
[ ] Was the output format shown exactly, with an example?
[ ] Were constraints stated positively ("use short sentences") rather
    than only negatively?
[ ] Is the input too long? Summarise it first, then run the task.
[ ] Would a lower temperature (0.2-0.4) give steadier results?
[ ] Did you test with at least 10 realistic inputs, not just one?

Keep iterating: small, specific changes to a prompt beat rewriting it
from scratch.
`;
