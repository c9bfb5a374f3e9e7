-- Device activation (issue 21): a wrong code entered anywhere is a guess at every code still
-- waiting, since a code alone names its device. Each waiting code counts the wrong guesses made
-- while it waits and stops working after a few (activationLimits.wrongGuessesPerCode), so no code
-- ever faces more than that many of the million guesses; its device then asks for a new one.
alter table device_activations add column wrong_guesses integer not null default 0;
