/** Bonus 2: the 30-Day Launch Plan, served as a text file (app/lib/bonus-downloads.server.ts). */
export const LAUNCH_PLAN_TEXT = String.raw`=====================================================================
 THE 30-DAY AI SAAS LAUNCH PLAN
 From idea to paying customers in one month
=====================================================================

How to use this plan
--------------------
- One day = one focused session of 1 to 3 hours. Miss a day? Continue
  where you stopped; do not skip the "Done when" checks.
- Keep one document called LAUNCH LOG. Every day, write what you did,
  what you learned and one number (sign-ups, replies, visitors...).
- Build the smallest thing people will pay for. Everything else waits
  for month two.
- Tools named here are examples. Use the AI app builder from your
  member area for the product, and whatever you already know for the rest.


WEEK 1: PICK AND VALIDATE THE IDEA (DAYS 1-7)
=====================================================================

Day 1 - Choose your market
  - List 10 groups of people you understand (your job, hobbies, past
    clients). Use the SaaS Idea Generator in the member area for more.
  - For each, write one painful, frequent, expensive task they do.
  - Pick the 3 where the people already pay for tools or freelancers.
  Done when: you have 3 candidate "people + painful task" pairs.

Day 2 - Find where they talk
  - For each pair, find 3 places online where these people gather
    (subreddits, Facebook groups, Slack/Discord communities, forums,
    LinkedIn hashtags).
  - Read the last 50 posts. Copy every complaint about the task word
    for word into your LAUNCH LOG.
  Done when: you have at least 20 real quotes about the problem.

Day 3 - Pick one idea
  - Score each pair from 1 to 5 on: pain, frequency, willingness to
    pay, how easily you can reach them, how well AI can do the task.
  - Choose the highest total. Write a one-sentence promise:
    "[Product] helps [who] [get result] in [time] without [pain]."
  Done when: your promise fits on one line and a friend understands it.

Day 4 - Check the competition
  - Search for the promise on Google, Product Hunt, the app stores and
    "alternatives to" sites. List 5 competitors with price and reviews.
  - Read their 1- and 3-star reviews: these are your features.
  - Decide your angle: cheaper, simpler, niche-specific, or faster.
  Done when: you can say why someone would switch to you in one sentence.

Day 5 - Talk to 5 potential customers
  - Message 15 people from Day 2's communities: "I'm building a tool
    for [task]. Could I ask you 3 quick questions?"
  - Ask: How do you do this today? What does it cost you (time/money)?
    What have you tried? Do not pitch.
  Done when: 5 conversations are written up in your LAUNCH LOG.

Day 6 - Price it
  - Pick a model: subscription (recurring task), usage-based (bursty
    task), or one-time (rare task). Start simple: one paid plan.
  - Anchor to value: if you save 5 hours a month, $19-$49/month is easy.
  - Decide the free limit (e.g. 3 free runs) that shows the value.
  Done when: you have a price, a free limit and a reason for both.

Day 7 - Pre-sell
  - Make a one-page waitlist (a form tool or a simple landing page):
    the promise, 3 benefits, the price, "Join the early-bird list".
  - Share it in the conversations from Day 5 and in 2 communities
    (read each community's rules on self-promotion first).
  Done when: 10 people joined the list, or you learned why not and
    adjusted the promise.


WEEK 2: BUILD THE MVP (DAYS 8-14)
=====================================================================

Day 8 - Write the app prompt
  - Use the five parts from the App Builder page: the user, the input,
    the AI step, the output, the monetisation.
  - List only the screens the core flow needs: sign-up, input, result,
    history, upgrade.
  Done when: the prompt is under 300 words and covers all five parts.

Day 9 - Generate the first version
  - Paste the prompt into the AI app builder. Run the core flow once
    end to end. Note every bug and odd screen.
  - Fix with small prompts, one problem at a time, pasting exact error
    messages.
  Done when: a new user can sign up and get one real result.

Day 10 - Make the AI step excellent
  - Write 10 realistic test inputs from your customer quotes.
  - Tune the system prompt until 8 of 10 results are good enough to
    use without editing. Save the prompt version that works.
  Done when: 8/10 outputs pass your own "would I pay for this?" test.

Day 11 - Payments
  - Create a Stripe account. Add a Checkout link or integration for
    your one paid plan, plus the free limit from Day 6.
  - Test the whole purchase in Stripe's test mode, including a failed
    card and a cancellation.
  Done when: a test customer can pay and immediately gets the paid plan.

Day 12 - Trust basics
  - Add a privacy policy, terms, a contact email and a clear refund
    policy. Say what you do with uploaded data.
  - Make sure every page works on a phone.
  Done when: a stranger could find out who you are and how to reach you.

Day 13 - Onboarding
  - Add an example input the user can run with one click.
  - Send a welcome email with one tip and a reply-to address.
  - Measure: sign-ups, first result, upgrades (even a spreadsheet works).
  Done when: a new user reaches the first result in under 2 minutes.

Day 14 - Private beta
  - Invite your waitlist in small groups. Offer the early-bird price
    for feedback.
  - Watch 3 people use it (screen share). Do not help; take notes.
  Done when: 5 beta users got a result and you fixed the top 3 problems.


WEEK 3: BUILD THE LAUNCH ASSETS (DAYS 15-21)
=====================================================================

Day 15 - Landing page
  - Headline = the promise. Subheadline = who it is for and the result.
  - Sections: the problem (use customer quotes), how it works in 3
    steps, a demo GIF or video, pricing, FAQ, call to action.
  Done when: the page answers "what, for whom, how much, why trust it".

Day 16 - Demo video
  - Record a 60-90 second screen capture: the problem, one input, the
    result, the price. No intro music, no logo animation.
  Done when: the video is on the landing page and uploaded to YouTube.

Day 17 - Social proof
  - Ask every beta user for one sentence about the result they got.
    Offer a free month in return.
  - Add 3 testimonials with first name, role and (with permission) photo.
  Done when: 3 real testimonials are on the page.

Day 18 - Launch email sequence
  - Write 4 emails: launch day (what it is + offer), proof (a result or
    story), 24 hours left (deadline of the launch price), last call.
  - Load them into your email tool and schedule them for Days 22-25.
  Done when: all 4 emails are scheduled and test-sent to yourself.

Day 19 - Content for launch week
  - Write 5 posts for your main channel: the story of why you built it,
    a before/after, a tip from the niche, a customer result, a "we're
    live" post.
  - Prepare a Product Hunt listing (or your niche's directory) with
    images, a tagline and a first comment.
  Done when: a week of posts is drafted and the listing is ready.

Day 20 - Partners
  - List 10 newsletters, podcasts, YouTubers or consultants who serve
    your customers. Offer them a free account and a 30-50% affiliate
    commission.
  Done when: 10 personal messages are sent.

Day 21 - Final check
  - Buy your own product with a real card, then refund yourself.
  - Check every link, email, the mobile layout, and error messages.
  - Decide the launch offer and its end date (e.g. 40% off for 72 hours).
  Done when: a full purchase works and the offer deadline is written
    on the page.


WEEK 4: LAUNCH (DAYS 22-28)
=====================================================================

Day 22 - Launch day
  - Send email 1. Publish the "we're live" post everywhere. Launch on
    Product Hunt or your directory. Tell your beta users.
  - Reply to every comment and message within an hour today.
  Done when: every channel has the announcement and you logged the
    day's visitors, sign-ups and sales.

Day 23 - Proof day
  - Send email 2. Share a customer result or the best beta story.
  - Post in 2 communities where sharing is allowed, as help, not ads:
    answer the question your product solves and mention the tool.
  Done when: you answered at least 10 real questions in your niche.

Day 24 - Fix the funnel
  - Look at the numbers: visitors -> sign-ups -> first result -> paid.
    Find the biggest drop.
  - Make one change to that step (headline, onboarding, free limit).
  Done when: one measured change is live.

Day 25 - Deadline day
  - Send emails 3 and 4. Remind your audience the launch price ends.
  - Personally message every free user who got a result but did not
    upgrade: ask what is missing.
  Done when: every active free user got a personal message.

Day 26 - Partners round two
  - Follow up with partners who did not answer. Send the ones who said
    yes a ready-made email and graphics.
  Done when: at least 2 partners scheduled a mention.

Day 27 - Support and retention
  - Answer all support mail. Turn the 3 most common questions into FAQ
    entries and in-app hints.
  - Email paying customers: "What would make this a must-have for you?"
  Done when: your inbox is empty and the FAQ is updated.

Day 28 - Launch retrospective
  - Write down: revenue, customers, conversion at each step, best
    channel, worst channel, top requests.
  Done when: the retrospective is in your LAUNCH LOG.


DAYS 29-30: PLAN MONTH TWO
=====================================================================

Day 29 - Choose the growth engine
  - Pick ONE channel that worked best (search content, a community,
    partners, short videos, cold outreach) and plan 4 weeks of it.
  - Pick ONE product improvement that the most paying users asked for.
  Done when: month two has one channel and one feature, with weekly goals.

Day 30 - Systemise
  - Set a weekly routine: 1 hour metrics, 2 hours customer talks,
    the rest building and marketing.
  - Write your next milestone (e.g. 25 paying customers) and the date.
  Done when: your calendar holds the routine for the next 4 weeks.


Numbers to watch every week
---------------------------
- Visitors to sign-up rate (aim for 10%+ from targeted traffic)
- Sign-up to first result rate (aim for 60%+)
- Free to paid conversion (5-20% is common for focused tools)
- Monthly churn (keep it under 8%)
- Revenue and the number of paying customers

Remember: launching is the start of learning, not the finish line.
Ship, listen, improve, repeat.
`;
