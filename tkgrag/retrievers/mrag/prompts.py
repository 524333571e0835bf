"""The paper's prompts (Appendix Q): query-focused summarization (Table 12) and the MC/TC decomposition used by
the optional ``--llm`` question processing."""

from __future__ import annotations

QFS_PROMPT = """You are given a context paragraph and a specific question. Your goal is to summarize the context \
paragraph in one standalone sentence by answering the given question. If dates are mentioned in the paragraph, \
include them in your answer. If the question cannot be answered based on the paragraph, respond with "None". Ensure \
that the response is relevant, complete, concise and directly addressing the question.
There are some examples for you to refer to:
<Context>
Houston Rockets | The Houston Rockets have won the NBA championship twice in their history. Their first win came in \
1994, when they defeated the New York Knicks in a seven-game series. The following year, in 1995, they claimed their \
second title by sweeping the Orlando Magic. Despite several playoff appearances in the 2000s and 2010s, the Rockets \
have not reached the NBA Finals since their last championship victory in 1995.
</Context>
<Question>
When did the Houston Rockets win the NBA championship?
</Question>
<Summarization>
The Houston Rockets have won the NBA championship in 1994 and 1995.
</Summarization>
<Context>
2019 Grand National | The 2019 Grand National (officially known as the Randox Health 2019 Grand National for \
sponsorship reasons) was the 172nd annual running of the Grand National horse race at Aintree Racecourse near \
Liverpool, England. The showpiece steeplechase is the pinnacle of a three-day festival which began on 4 April, \
followed by Ladies' Day on 5 April. </Context>
<Question>
Who won the Grand National?
</Question>
<Summarization>
None
</Summarization>
Now your question and paragraph are <Context> {title} | {text} </Context> <Question> {question} </Question> \
<Summarization>"""

# The paper decomposes with an LLM; this prompt asks for the same two parts in a fixed, parseable form.
DECOMPOSE_PROMPT = """Split the question into its main content (the question without any time condition) and its \
temporal constraint (the time condition as written, e.g. "as of 2019", "before 1981", "from 1998 to 2000", "first", \
or "none").
<Question> Who was the last president of France before 1981? </Question>
<MainContent> Who was the president of France? </MainContent> <TemporalConstraint> last before 1981 \
</TemporalConstraint>
<Question> Which team did Oumar Niasse play for from 2013 to 2014? </Question>
<MainContent> Which team did Oumar Niasse play for? </MainContent> <TemporalConstraint> from 2013 to 2014 \
</TemporalConstraint>
<Question> {question} </Question>
"""
