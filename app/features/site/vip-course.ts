import type { IncludedCourse } from "./included-courses";

/**
 * The VIP course (issue 40): what the VIP Upgrade, the $4.95 order bump, gives. /upgrades sells it
 * as "Priority extras for members, with the VIP course" and the affiliate page as "Priority
 * extras at checkout", so these are the extras: ready-made material that shortens each step of
 * the membership's training (prompts, a pricing worksheet, outreach scripts, checklists). It
 * promises nothing the site does not do (no support queue, no calls): everything is in the
 * chapters. Installed on every install that lacks it (./included-courses.ts).
 */
export const vipCourse = {
  title: "VIP Priority Extras",
  description:
    "Your VIP shortcuts: copy-and-paste build prompts, a pricing worksheet, outreach scripts for your first ten customers, and the checklists for launch day and the weeks after.",
  product: "vip",
  chapters: [
    {
      title: "Start here: how to use your extras",
      content:
        "<h2>Six extras, one for each hard step</h2>" +
        "<p>The membership's training takes you from an idea to a launched app. These extras are the shortcuts VIP members asked for: the material you would otherwise write yourself at each step.</p>" +
        "<ol>" +
        "<li><strong>Before you build</strong>: the pricing worksheet, so you know the number before you write a line.</li>" +
        "<li><strong>While you build</strong>: the prompt pack and the fixing routine.</li>" +
        "<li><strong>When you launch</strong>: the outreach scripts and the launch-day checklist.</li>" +
        "<li><strong>After launch</strong>: the first-month plan that keeps customers paying.</li>" +
        "</ol>" +
        "<p>Use them in that order alongside the training, or jump to the one you need today. Each chapter ends with one action; do it before moving on.</p>",
    },
    {
      title: "Extra 1: Price it before you build it",
      content:
        "<h2>The pricing worksheet</h2>" +
        "<p>Price from what your customer spends today, not from what the app costs you to run.</p>" +
        "<h3>Step 1: What does the problem cost now?</h3>" +
        "<ul>" +
        "<li>Hours per month the task takes × what that person's hour is worth.</li>" +
        "<li>Or what they pay a freelancer, an agency or another tool for it.</li>" +
        "</ul>" +
        "<h3>Step 2: Charge a tenth to a fifth of that</h3>" +
        "<p>If the task costs a customer $300 a month, $29 to $59 a month is an easy yes. Below a tenth, you leave money on the table; above a fifth, you need proof first.</p>" +
        "<h3>Step 3: Three plans, one to sell</h3>" +
        "<ul>" +
        "<li><strong>Starter</strong>: a usage limit that fits a trial of the real work.</li>" +
        "<li><strong>Pro</strong>: the plan you want most people on; name it as the recommended one.</li>" +
        "<li><strong>Team or agency</strong>: more seats or clients, priced at about three times Pro.</li>" +
        "</ul>" +
        "<h3>Step 4: Check your costs</h3>" +
        "<p>Estimate a heavy user's AI usage per month and keep it under a fifth of their plan's price. If it is more, lower the plan's limit, not the price.</p>" +
        "<p><strong>Action:</strong> fill in the four steps for your idea and write the three plans with their prices.</p>",
    },
    {
      title: "Extra 2: The prompt pack for your build",
      content:
        "<h2>Five prompts to copy</h2>" +
        '<p>Use them with the <a href="/app-builder">AI app prompt page</a> or in any AI app builder. Replace the words in capitals.</p>' +
        "<h3>1. The specification</h3>" +
        "<pre><code>Write a one-page specification for a web app for AUDIENCE that solves PROBLEM. List the screens, what the user types on each, what the AI does with it and what the user gets back. Keep it to what a first version needs.</code></pre>" +
        "<h3>2. The first build</h3>" +
        "<pre><code>Build the app in this specification. Start with sign-up, the main screen and the AI step. Use a clean layout that works on a phone. Ask me before adding anything the specification does not list.</code></pre>" +
        "<h3>3. The edge cases</h3>" +
        "<pre><code>List ten ways a real user could break this app: empty input, very long input, a different language, a double click, a lost connection. For each, say what the app should do, then make it do that.</code></pre>" +
        "<h3>4. The words on the page</h3>" +
        "<pre><code>Rewrite every label, button and message in this app for AUDIENCE: short, plain, and saying what happens next. No jargon.</code></pre>" +
        "<h3>5. The sales page</h3>" +
        "<pre><code>Write a sales page for this app: a headline that names the result, three benefits, how it works in three steps, the plans from my pricing worksheet, and five questions buyers ask with their answers.</code></pre>" +
        "<p><strong>Action:</strong> run prompts 1 and 2 today; keep 3 to 5 for when the first version works.</p>",
    },
    {
      title: "Extra 3: When the build breaks: a fixing routine",
      content:
        "<h2>Fix one thing at a time</h2>" +
        '<p>Most builds stall on a bug that the builder keeps "fixing" by changing everything. This routine stops that.</p>' +
        "<ol>" +
        "<li><strong>Reproduce it.</strong> Write the exact steps that show the problem, and what you expected instead.</li>" +
        "<li><strong>Ask for the cause, not a fix.</strong> Paste the steps and any error message and ask: <em>What causes this? Do not change any code yet.</em></li>" +
        "<li><strong>Fix only that.</strong> Ask for the smallest change that fixes the cause, and nothing else.</li>" +
        "<li><strong>Check it, then check around it.</strong> Repeat your steps, then use the two screens next to it.</li>" +
        "<li><strong>Save a working version</strong> before the next change, so you can always go back.</li>" +
        "</ol>" +
        "<blockquote>If the same bug survives three rounds, go back to your last working version and describe the feature again in smaller steps.</blockquote>" +
        "<p><strong>Action:</strong> write your app's current top problem as steps, expected and actual, and run the routine on it.</p>",
    },
    {
      title: "Extra 4: Your first ten customers: outreach scripts",
      content:
        "<h2>Talk to people before you advertise</h2>" +
        "<p>Your first ten customers come from conversations, not ads. Send these to people in your niche, one at a time, and adapt the words to sound like you.</p>" +
        "<h3>The first message</h3>" +
        "<pre><code>Hi NAME, I noticed you TASK for your clients. I built a small tool that does the first draft of it in a minute. Would you try it for free this week and tell me what is missing?</code></pre>" +
        "<h3>The follow-up, three days later</h3>" +
        "<pre><code>Hi NAME, one more try and then I will leave you alone: the tool is free to test this week, and the first ten users keep a lower price for good. Want the link?</code></pre>" +
        "<h3>After they try it</h3>" +
        "<pre><code>Thanks for testing! Two quick questions: what did you use it for, and what would make it worth PRICE a month to you?</code></pre>" +
        "<h3>Keep score</h3>" +
        "<p>Keep a simple list: name, date sent, answered, tried, paid. Twenty messages a day for a week is enough to know whether the idea sells.</p>" +
        "<p><strong>Action:</strong> list twenty people or groups in your niche and send the first five messages today.</p>",
    },
    {
      title: "Extra 5: The launch-day checklist",
      content:
        "<h2>Before you tell anyone</h2>" +
        "<ul>" +
        "<li>Buy your own plan with a real card, then refund yourself: the payment, the receipt and the access all work.</li>" +
        "<li>Sign up on a phone and on a laptop, with a new email address each time.</li>" +
        "<li>Your privacy policy, terms and refund policy are linked in the footer.</li>" +
        "<li>A support address you read every day is on every page and in every email.</li>" +
        "<li>Your AI provider has a spending limit set, and you get an alert before you reach it.</li>" +
        "</ul>" +
        "<h2>On the day</h2>" +
        "<ul>" +
        "<li>Message everyone who tested it first, with the launch price and its end date.</li>" +
        "<li>Post in the two places your customers already read, with a short demo video or screenshot.</li>" +
        "<li>Answer every question within the hour; each answer becomes a line on your FAQ.</li>" +
        "</ul>" +
        "<h2>The day after</h2>" +
        "<p>Count visits, sign-ups and sales. If many visit and few sign up, change the page; if many sign up and few pay, change the first five minutes in the app.</p>" +
        "<p><strong>Action:</strong> set your launch date and work through the first list this week.</p>",
    },
    {
      title: "Extra 6: The first month: keep customers paying",
      content:
        "<h2>The first five minutes decide</h2>" +
        "<p>A customer who gets one useful result in their first session stays. Cut every step before that result: prefill an example, skip settings, show the output at once.</p>" +
        "<h3>Three emails for every new customer</h3>" +
        "<ol>" +
        "<li><strong>Day 0</strong>: how to get the first result, in three steps, with a link straight to it.</li>" +
        "<li><strong>Day 3</strong>: one way other customers use it that they may not have thought of.</li>" +
        "<li><strong>Day 10</strong>: a personal question: <em>What almost stopped you from buying, and what would you add?</em></li>" +
        "</ol>" +
        "<h3>When someone cancels</h3>" +
        "<p>Ask one question, what they use instead, and thank them. Three answers that say the same thing are your next feature.</p>" +
        "<h3>Your weekly hour</h3>" +
        "<p>Once a week, read every support message and cancellation reason, and pick one change for the coming week. Small, steady changes keep customers longer than big releases.</p>" +
        "<p><strong>Action:</strong> write your three emails and set them to go out from your app or mailing tool.</p>",
    },
  ],
} satisfies IncludedCourse;
