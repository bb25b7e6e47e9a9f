import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/content/ArticleView";
import { articleIdParam, loadArticle } from "~/components/content/articles.server";
import contentStyles from "~/styles/content.css?url";
import { articleTitle } from "~/components/content/types";

export const handle = { i18n: ["content"], title: articleTitle };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

const TAB_OF_GROUP: Record<number, string> = { 9: "news", 14: "announcements", 26: "help" };

// An article opened from the news list: back returns to its tab there.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const article = await loadArticle(request, context, articleIdParam(params.id));
  return { article, back: `/help/list?tab=${TAB_OF_GROUP[article.group] ?? "news"}` };
}

export default function HelpArticle() {
  const { article, back } = useLoaderData<typeof loader>();
  return <ArticleView article={article} back={back} />;
}
