import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import {
  AUDIENCE_SUGGESTIONS,
  COMPLEXITY_LABELS,
  COMPLEXITY_LEVELS,
  INDUSTRY_SUGGESTIONS,
  MONETIZATION_LABELS,
  MONETIZATION_MODELS,
  TECH_STACK_OPTIONS,
} from "./idea-templates";
import { TEXT_FIELD_MAX, type IdeaFilter } from "./idea-generator";
import { buttonClass } from "~/platform/ui/button";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30";

type FieldProps<T extends string = string> = { name: string; label: string; value: T };

/** A free-text filter; suggestions come as a <datalist>, any text is accepted. */
function TextFilter({
  name,
  label,
  value,
  placeholder,
  suggestions,
}: FieldProps & { placeholder: string; suggestions?: string[] }) {
  const listId = suggestions ? `${name}-suggestions` : undefined;
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={name}
        name={name}
        list={listId}
        maxLength={TEXT_FIELD_MAX}
        defaultValue={value}
        placeholder={placeholder}
        className={inputClass}
      />
      {suggestions ? (
        <datalist id={listId}>
          {suggestions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

function SelectFilter<T extends string>({
  name,
  label,
  value,
  options,
  labels,
}: FieldProps<T> & { options: readonly T[]; labels: Record<T, string> }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={name} name={name} defaultValue={value} className={inputClass}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

type Props = {
  /** The choices of the last run (the query's, through the filter's schema: filterForForm). */
  filter: IdeaFilter;
  /** Submitted by the no-JavaScript form; the enhanced form draws its own. */
  nextSeed: number;
  generating: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The filter panel (docs/product.md §3 Idea filter). A GET form: without JavaScript the server generates the
 * ideas for the submitted query; with it, onSubmit takes over.
 */
export function IdeaFilterForm({ filter, nextSeed, generating, onSubmit }: Props) {
  const chosenTech = new Set<string>(filter.techStack);
  return (
    <Form
      method="get"
      onSubmit={onSubmit}
      preventScrollReset
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="text-lg font-bold text-slate-900">Filters</h2>
      <p className="mt-1 text-sm text-slate-600">
        Every field is optional: leave one blank and the generator fills it in.
      </p>
      <input type="hidden" name="seed" value={nextSeed} />
      <div className="mt-5 grid gap-4 md:grid-cols-3">
        <TextFilter
          name="industry"
          label="Industry"
          placeholder="e.g. Healthcare"
          suggestions={INDUSTRY_SUGGESTIONS}
          value={filter.industry}
        />
        <TextFilter
          name="targetAudience"
          label="Target audience"
          placeholder="e.g. Freelancers"
          suggestions={AUDIENCE_SUGGESTIONS}
          value={filter.targetAudience}
        />
        <TextFilter
          name="problemToSolve"
          label="Problem to solve"
          placeholder="e.g. Too many no-shows"
          value={filter.problemToSolve}
        />
        <SelectFilter
          name="complexity"
          label="Complexity"
          options={COMPLEXITY_LEVELS}
          labels={COMPLEXITY_LABELS}
          value={filter.complexity}
        />
        <SelectFilter
          name="monetizationModel"
          label="Monetization model"
          options={MONETIZATION_MODELS}
          labels={MONETIZATION_LABELS}
          value={filter.monetizationModel}
        />
      </div>
      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-slate-700">Tech stack (optional, choose any)</legend>
        <div className="mt-2 grid grid-cols-2 gap-x-4 sm:grid-cols-3 lg:grid-cols-6">
          {TECH_STACK_OPTIONS.map((tech) => (
            <label key={tech} className="flex items-center gap-2 py-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                name="techStack"
                value={tech}
                defaultChecked={chosenTech.has(tech)}
                className="h-4 w-4 accent-brand-600"
              />
              {tech}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={generating}
        className={buttonClass({ size: "lg", className: "mt-6 disabled:cursor-wait" })}
      >
        {generating ? (
          <>
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
            Generating Ideas...
          </>
        ) : (
          "Generate Ideas"
        )}
      </button>
    </Form>
  );
}
