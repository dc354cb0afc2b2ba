import type { IncludedCourse } from "./included-courses";

/**
 * The free course of the starter product (issue 27): what a lead who made an account opens at
 * once, as /special-access promises. Installed on every install that lacks it (./included-courses.ts).
 */
export const starterCourse = {
  title: "Your first AI SaaS idea in 30 minutes",
  description: "A short, free course: from a blank page to one AI SaaS idea worth building, in half an hour.",
  product: "starter",
  chapters: [
    {
      title: "Minutes 0 to 10: Start from money already spent",
      content:
        "<h2>Look for paid work, not clever tech</h2><p>The best first idea replaces something people already pay for: a freelancer, a virtual assistant, a spreadsheet someone maintains by hand.</p><ol><li>Write down one niche you know well.</li><li>List three tasks in it that take someone an hour or more every week.</li><li>Circle each task someone already pays to have done.</li></ol>",
    },
    {
      title: "Minutes 10 to 20: Let the generator widen the list",
      content:
        '<h2>Ten ideas from your niche</h2><p>Open the <a href="/app-idea-generator">SaaS Idea Generator</a>, filter by your niche and run it twice. Keep every idea that matches one of your circled tasks.</p><p>Add them to your list. Quantity first: you choose in the next ten minutes.</p>',
    },
    {
      title: "Minutes 20 to 30: Pick one and test it",
      content:
        "<h2>Score and choose</h2><p>Give each idea a score from 1 to 5 on three questions: how often the task comes up, how much it costs today, and how easily you can reach the people who have it.</p><p>Pick the highest score. Before you build anything, send a two-line message to three people in the niche describing it and asking what they pay today. Their answers are your go or no-go.</p>",
    },
  ],
} satisfies IncludedCourse;
