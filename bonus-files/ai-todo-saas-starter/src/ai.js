/**
 * The AI step: splits a to-do into 3 to 5 concrete subtasks. With OPENAI_API_KEY set it asks the
 * OpenAI API; without it, a rule-based helper answers, so the app also works offline.
 */
export async function suggestSubtasks(
  title,
  { apiKey = process.env.OPENAI_API_KEY, model = process.env.OPENAI_MODEL || "gpt-4o-mini" } = {},
) {
  if (!apiKey) return fallbackSubtasks(title);
  const response = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + apiKey },
    body: JSON.stringify({
      model,
      temperature: 0.4,
      messages: [
        {
          role: "system",
          content:
            "You split a to-do item into 3 to 5 short, concrete subtasks. Answer with a JSON array of strings and nothing else.",
        },
        { role: "user", content: title },
      ],
    }),
  });
  if (!response.ok) throw new Error("The AI service answered with status " + response.status);
  const answer = await response.json();
  const text = answer.choices?.[0]?.message?.content ?? "[]";
  // Models sometimes wrap the array in prose or a code block: keep only the array.
  const list = JSON.parse(text.slice(text.indexOf("["), text.lastIndexOf("]") + 1) || "[]");
  return list.filter((item) => typeof item === "string" && item.trim()).slice(0, 5);
}

export function fallbackSubtasks(title) {
  const subject = title.trim().replace(/[.!?]+$/, "");
  return [
    "Write down what done looks like for: " + subject,
    "Gather what you need before you start",
    "Work on it for one focused 25-minute block",
    "Review the result and plan the next step",
  ];
}
