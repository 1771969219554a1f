package io.flocktune.tuner.eval;

import java.io.Serializable;

/**
 * An evaluator that can be sent to another JVM, such as a Spark executor. It serializes to a
 * small recipe (the experiment's JSON, the objectives' text) from which the receiving JVM
 * rebuilds it, and its subjects travel in a form that serializes exactly ({@link #pack},
 * {@link #unpack}): an unpacked subject evaluated there gives the values, bit for bit, that the
 * subject gives here.
 *
 * @param <T> what is evaluated
 */
public interface PortableEvaluator<T> extends Evaluator<T>, Serializable {

    /** @return the subject in a serializable form: genes as they are, a preset as its JSON */
    Serializable pack(T subject);

    /**
     * @param packed what {@link #pack} returned, in this JVM or another
     * @return a subject equal to the one packed
     */
    T unpack(Serializable packed);
}
