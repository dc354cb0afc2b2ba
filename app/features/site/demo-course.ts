/** The course every fresh install starts with, so a new admin sees the training area working. */
export const demoCourse = {
  title: "AI SaaS Launch Blueprint",
  description: "Go from idea to a paying AI app in seven days, without writing code.",
  chapters: [
    {
      title: "Welcome and how this course works",
      content:
        "<h2>Welcome aboard</h2><p>This training walks you through building and launching an <strong>AI-powered SaaS app</strong> without writing code.</p><ul><li>Watch each chapter in order</li><li>Do the action step at the end</li><li>Ship something every day</li></ul>",
    },
    {
      title: "Day 1: Find an idea people will pay for",
      content:
        "<h2>Pick a painful problem</h2><p>Great micro-SaaS ideas solve one narrow, frequent, expensive problem for a specific audience.</p><ol><li>List ten tasks you repeat every week</li><li>Circle the ones an AI model could draft for you</li><li>Ask three people in that niche what they would pay</li></ol>",
    },
    {
      title: "Day 2: Write the prompt that builds your app",
      content:
        '<h2>From idea to app prompt</h2><p>Describe the user, the input, the AI step and the output. Be concrete: <em>who</em> uses it, <em>what</em> they paste in, and <em>what</em> they get back.</p><p>Use the <a href="/app-builder">AI app prompt page</a> to turn your notes into a build.</p>',
    },
    {
      title: "Day 3: Add payments and launch",
      content:
        "<h2>Charge from day one</h2><p>A simple one-time or monthly price validates the idea faster than any survey. Connect a payment provider, set a launch price, and invite your first ten users.</p>",
    },
  ],
};
